/**
 * deploy/prometheus/ as an operator runs it (ADR 63): the real Prometheus (Debian's
 * /usr/bin/prometheus, installed by .ci/run) with deploy/'s configuration and rules, scraping two
 * server processes of the production bundle with their METRICS_TOKEN from a file. Both targets
 * come up; a process killed makes ExchangeProcessDown fire for it, and for it alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../support/cluster.ts';
import { freePort, repoRoot } from '../support/processes.ts';

const TOKEN = 'prometheus-test-token';

/** `text` with `from` replaced by `to`, failing when `from` is not there: a test of a stale copy proves nothing. */
function rewrite(text: string, from: string | RegExp, to: string): string {
  const changed = text.replace(from, to);
  if (changed === text)
    throw new Error(`deploy/prometheus/: ${String(from)} not found, the test's rewrite is stale`);
  return changed;
}

interface Target {
  scrapeUrl: string;
  health: 'up' | 'down' | 'unknown';
  lastError: string;
}
interface Alert {
  labels: Record<string, string>;
  state: 'pending' | 'firing';
}

describe("Prometheus with deploy/'s configuration against two server processes", () => {
  const dir = mkdtempSync(join(tmpdir(), 'exchange-prometheus-'));
  let cluster: Cluster | undefined;
  let prometheus: ChildProcess | undefined;
  const output: string[] = [];
  let api = '';

  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${api}${path}`);
    const body = (await res.json()) as { status: string; data: T };
    if (body.status !== 'success') throw new Error(`${path}: ${JSON.stringify(body)}`);
    return body.data;
  };

  /** Polls until `ok` holds, or fails with what was seen last and Prometheus's output. */
  async function until<T>(
    what: string,
    read: () => Promise<T>,
    ok: (value: T) => boolean,
    timeoutMs: number,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: T | undefined;
    while (Date.now() < deadline) {
      last = await read();
      if (ok(last)) return last;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(
      `${what} within ${timeoutMs} ms; last seen: ${JSON.stringify(last)}\n--- prometheus ---\n${output.join('')}`,
    );
  }

  beforeAll(async () => {
    cluster = await startCluster({ processes: 2, env: { METRICS_TOKEN: TOKEN } });
    const targets = cluster.urls.map((url) => new URL(url).host);

    // The production files, changed only where a test must: its own targets and token file, and
    // a 1 s scrape and evaluation (15 s in production) so the test waits seconds, not minutes.
    writeFileSync(join(dir, 'token'), `${TOKEN}\n`);
    let config = readFileSync(join(repoRoot, 'deploy/prometheus/prometheus.yml'), 'utf8');
    config = rewrite(config, /credentials_file: .*/, `credentials_file: ${join(dir, 'token')}`);
    config = rewrite(config, /- targets: \[.*\]/, `- targets: ${JSON.stringify(targets)}`);
    config = rewrite(config, 'scrape_interval: 15s', 'scrape_interval: 1s');
    config = rewrite(config, 'evaluation_interval: 15s', 'evaluation_interval: 1s');
    writeFileSync(join(dir, 'prometheus.yml'), config);
    // The rule's `for:` is 1 minute in production (a restart must not page): 3 s here, the rule
    // itself unchanged. rule_files is relative to the configuration: the copy sits beside it.
    const rules = rewrite(
      readFileSync(join(repoRoot, 'deploy/prometheus/alerts.yml'), 'utf8'),
      /(?<head>- alert: ExchangeProcessDown\n(?:.*\n)*?\s*for: )1m/,
      '$<head>3s',
    );
    writeFileSync(join(dir, 'alerts.yml'), rules);

    const port = await freePort();
    api = `http://127.0.0.1:${port}/api/v1`;
    prometheus = spawn(
      '/usr/bin/prometheus',
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    prometheus.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    await until(
      'Prometheus ready',
      () =>
        fetch(`http://127.0.0.1:${port}/-/ready`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200,
      30_000,
    );
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const ended = new Promise((r) => prometheus!.once('exit', r));
      prometheus.kill('SIGTERM');
      await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))]);
      if (prometheus.exitCode === null) prometheus.kill('SIGKILL');
    }
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('scrapes both processes with the token, and fires ExchangeProcessDown for the one killed', async () => {
    const targets = await until(
      'both targets up',
      () => get<{ activeTargets: Target[] }>('/targets').then((d) => d.activeTargets),
      (active) => active.length === 2 && active.every((t) => t.health === 'up'),
      30_000,
    );
    expect(targets.map((t) => t.scrapeUrl).sort()).toEqual(cluster!.urls.map((u) => `${u}/metrics`).sort());

    // What an operator's query sees: each process's own figures, under its own instance.
    const series = await get<{ result: { metric: Record<string, string> }[] }>(
      `/query?query=${encodeURIComponent('exchange_live_sockets')}`,
    );
    expect(series.result.map((r) => r.metric.instance).sort()).toEqual(
      cluster!.urls.map((u) => new URL(u).host).sort(),
    );

    const down = new URL(cluster!.urls[1]!).host;
    await cluster!.kill(1);
    const alerts = await until(
      `ExchangeProcessDown firing for ${down}`,
      () => get<{ alerts: Alert[] }>('/alerts').then((d) => d.alerts),
      (all) => all.some((a) => a.labels.alertname === 'ExchangeProcessDown' && a.state === 'firing'),
      30_000,
    );
    const processDown = alerts.filter((a) => a.labels.alertname === 'ExchangeProcessDown');
    expect(
      processDown.map((a) => ({ instance: a.labels.instance, severity: a.labels.severity, state: a.state })),
    ).toEqual([{ instance: down, severity: 'page', state: 'firing' }]);
  });
});
