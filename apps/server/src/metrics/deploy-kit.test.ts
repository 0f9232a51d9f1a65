/**
 * The operator kit in deploy/ (ADR 63) names only what the server exports: every metric in an
 * alert rule's expression and in a Grafana panel's query is one a real scrape declares, the bet
 * alert's route pattern is one a bet call is counted under, and every rule's runbook link lands
 * on a heading of docs/deployment.md. A rule on a misspelt name would never fire and nothing else
 * would say so: Prometheus takes an unknown name as a series that does not exist yet.
 *
 * The app runs on PostgreSQL with a NATS broker (a private nats-server), as in production: the
 * pool and broker metrics exist only there.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ClusterBus, NatsBroker } from '../cluster/index.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seed } from '../seed/index.ts';
import { createMatchOdds, firstMatchOf, newBettor } from '../test/betting.ts';
import { freshPostgresDatabase, testContextOf, type TestContext } from '../test/databases.ts';
import { PrivateNats } from '../test/private-nats.ts';

const ROOT = join(import.meta.dirname, '../../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const TOKEN = 'deploy-kit-test-token';

interface AlertRule {
  alert: string;
  expr: string;
  runbook: string;
}

/**
 * The rules of a Prometheus rules file as deploy/prometheus/alerts.yml writes them: `- alert:`,
 * then `expr:` inline or as a block scalar, and a `runbook:` annotation. It reads that shape only
 * (the repository has no YAML parser); a rule it cannot read whole fails the test below, so a
 * change of shape is seen, never skipped.
 */
function alertRulesOf(text: string): AlertRule[] {
  const lines = text.split('\n');
  const rules: AlertRule[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const alert = /^\s*- alert:\s*(\S+)\s*$/.exec(line);
    if (alert) {
      rules.push({ alert: alert[1]!, expr: '', runbook: '' });
      continue;
    }
    const rule = rules.at(-1);
    if (!rule) continue;
    const expr = /^(\s*)expr:\s*(.*)$/.exec(line);
    if (expr) {
      const [, indent, value] = expr as unknown as [string, string, string];
      if (!/^[|>][-+]?$/.test(value)) {
        rule.expr = value.trim();
        continue;
      }
      const block: string[] = [];
      while (
        i + 1 < lines.length &&
        (lines[i + 1]!.trim() === '' || /^\s*/.exec(lines[i + 1]!)![0].length > indent.length)
      )
        block.push(lines[++i]!.trim());
      rule.expr = block.join(' ').trim();
      continue;
    }
    const runbook = /^\s*runbook:\s*(\S+)\s*$/.exec(line);
    if (runbook) rule.runbook = runbook[1]!;
  }
  return rules;
}

// PromQL's keywords and the label-list modifiers' names: never a metric.
const PROMQL_WORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'inf',
  'nan',
]);

/**
 * The metric names a PromQL expression reads: every bare identifier once strings, label matchers,
 * ranges and label lists are taken out, except a function or an aggregation (followed by `(`)
 * and a keyword. Grafana's `$instance` and `$__rate_interval` live inside matchers and ranges.
 */
function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    // Out with their keyword, so `sum by (le) (...)` reads as the call it is.
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\boffset\s+-?[0-9a-z]+/g, ' ');
  const names = new Set<string>();
  for (const m of bare.matchAll(/(?<![\w.$])([A-Za-z_:][\w:]*)(\s*\()?/g)) {
    const [, name, call] = m as unknown as [string, string, string | undefined];
    if (call || PROMQL_WORDS.has(name.toLowerCase())) continue;
    names.add(name);
  }
  return [...names];
}

/** Metric families a scrape declares (`# TYPE name type`). */
function familiesOf(scrape: string): Map<string, string> {
  const families = new Map<string, string>();
  for (const m of scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)) families.set(m[1]!, m[2]!);
  return families;
}

/** The names among `names` that the scrape does not export: a histogram's series count by their family. */
function unexported(names: string[], families: Map<string, string>): string[] {
  return names.filter((name) => {
    // Prometheus makes `up` itself, for each target it scrapes.
    if (name === 'up' || families.has(name)) return false;
    const series = /^(.*)_(bucket|sum|count)$/.exec(name);
    if (!series) return true;
    const type = families.get(series[1]!);
    return !(type === 'histogram' || (type === 'summary' && series[2] !== 'bucket'));
  });
}

interface Panel {
  title?: string;
  targets?: { expr?: string }[];
  panels?: Panel[];
}

/** Every panel query of a dashboard, rows' folded panels included. */
function panelQueries(panels: Panel[]): { title: string; expr: string }[] {
  return panels.flatMap((p) => [
    ...(p.targets ?? []).flatMap((t) => (t.expr ? [{ title: p.title ?? '', expr: t.expr }] : [])),
    ...panelQueries(p.panels ?? []),
  ]);
}

/** docs/deployment.md's headings as GitHub anchors them. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const m of markdown.matchAll(/^#{1,6}\s+(.+)$/gm))
    anchors.add(
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-'),
    );
  return anchors;
}

describe('the extractor of metric names', () => {
  it('finds a misspelt metric and leaves out functions, keywords, label names, strings and Grafana variables', () => {
    const names = metricNamesOf(
      'histogram_quantile(0.99, sum by (route, le) (rate(exchange_push_lag_secnds_bucket{route=~"/api/bet/x", instance=~"$instance"}[$__rate_interval]))) > 0.5 and on (instance) up == 1 unless absent(exchange_lease_held{lease="feed"}) offset 5m',
    );
    expect(names.sort()).toEqual(['exchange_lease_held', 'exchange_push_lag_secnds_bucket', 'up']);
    const families = new Map([
      ['exchange_push_lag_seconds', 'histogram'],
      ['exchange_lease_held', 'gauge'],
      ['exchange_bets_placed_total', 'counter'],
    ]);
    expect(unexported(names, families)).toEqual(['exchange_push_lag_secnds_bucket']);
    // A counter has no buckets; a histogram's series are its family's.
    expect(
      unexported(['exchange_bets_placed_total_bucket', 'exchange_push_lag_seconds_count'], families),
    ).toEqual(['exchange_bets_placed_total_bucket']);
  });

  it('reads every rule of a rules file, a block expression whole', () => {
    const rules = alertRulesOf(
      [
        'groups:',
        '  - name: g',
        '    rules:',
        '      - alert: A',
        '        expr: up == 0',
        '        annotations:',
        '          runbook: docs/x.md#a',
        '      - alert: B',
        '        expr: |',
        '          sum(rate(b_total[5m]))',
        '          > 1',
        '        for: 1m',
      ].join('\n'),
    );
    expect(rules).toEqual([
      { alert: 'A', expr: 'up == 0', runbook: 'docs/x.md#a' },
      { alert: 'B', expr: 'sum(rate(b_total[5m])) > 1', runbook: '' },
    ]);
  });
});

describe("deploy/'s rules and dashboard against a real scrape (PostgreSQL, NATS)", () => {
  const receiptsDir = mkdtempSync(join(tmpdir(), 'exchange-deploy-kit-'));
  let nats: PrivateNats | undefined;
  let handle: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  let bus: ClusterBus | undefined;
  let app: FastifyInstance | undefined;
  let ctx: TestContext;
  let scrape = '';

  beforeAll(async () => {
    nats = await PrivateNats.onFreePort();
    await nats.start();
    const fresh = await freshPostgresDatabase(serverUrl);
    handle = fresh.handle;
    drop = fresh.drop;
    await migrateDatabase(handle);
    await seed(handle.db, new Date());
    bus = new ClusterBus(
      await NatsBroker.connect(nats.url, 'deploy-kit'),
      `test.${randomBytes(4).toString('hex')}`,
      'deploy-kit',
    );
    app = buildApp({
      db: handle.db,
      bus,
      metricsToken: TOKEN,
      // What server.ts reports while its feed runner holds the lease: the lease gauge exists once held.
      leasesHeld: () => ['feed'],
      checkResponses: true,
      receiptsDir,
    });
    await app.ready();
    ctx = testContextOf(app, handle, { now: () => new Date(), advanceClock: () => undefined }, receiptsDir);

    // A back and a lay that match: the bet, commit and fill series have samples.
    const admin = await ctx.login('admin');
    const agent = await ctx.login('agent1');
    const market = await createMatchOdds(ctx, admin, (await firstMatchOf(ctx.db, 4)).matchId);
    for (const [name, isBack] of [
      ['kit_backer', 1],
      ['kit_layer', 0],
    ] as const) {
      const { token } = await newBettor(ctx, agent, name, 1_000);
      const placed = await ctx.call(
        'placeMarketBet',
        { market_id: market, selection_id: 1, is_back: isBack, odds: 2, stake: 100, persistence: 'PERSIST' },
        token,
      );
      expect(placed.statusCode, JSON.stringify(placed.json)).toBe(200);
    }
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    scrape = res.body;
  });

  afterAll(async () => {
    await app?.close();
    await bus?.broker.close();
    await handle?.close();
    await drop?.();
    await nats?.stop();
    rmSync(receiptsDir, { recursive: true, force: true });
  });

  const rules = alertRulesOf(read('deploy/prometheus/alerts.yml'));

  it('names only exported metrics in every alert rule', () => {
    expect(rules.map((r) => r.alert)).toEqual([
      'ExchangeProcessDown',
      'ExchangeBrokerDown',
      'ExchangeBetPathSlow',
      'ExchangePushLagHigh',
      'ExchangeServerErrors',
      'ExchangeCommitsFailing',
      'ExchangeFeedLeaseUnheld',
      'ExchangePaymentRequestWaiting',
    ]);
    const families = familiesOf(scrape);
    for (const rule of rules) {
      const names = metricNamesOf(rule.expr);
      expect(names.length, `${rule.alert}: ${rule.expr}`).toBeGreaterThan(0);
      expect(unexported(names, families), rule.alert).toEqual([]);
    }
  });

  it('names only exported metrics in every dashboard panel', () => {
    const dashboard = JSON.parse(read('deploy/grafana/exchange-dashboard.json')) as { panels: Panel[] };
    const queries = panelQueries(dashboard.panels);
    expect(queries.length).toBeGreaterThan(20);
    const families = familiesOf(scrape);
    for (const { title, expr } of queries) {
      const names = metricNamesOf(expr);
      expect(names.length, `${title}: ${expr}`).toBeGreaterThan(0);
      expect(unexported(names, families), `${title}: ${expr}`).toEqual([]);
    }
  });

  it("matches the bet alert's route pattern to the route a bet was counted under", () => {
    const betRule = rules.find((r) => r.alert === 'ExchangeBetPathSlow')!;
    const pattern = /route=~"([^"]+)"/.exec(betRule.expr)![1]!;
    const routes = new Set(
      [...scrape.matchAll(/^exchange_http_request_duration_seconds_count\{[^}]*route="([^"]+)"/gm)].map(
        (m) => m[1]!,
      ),
    );
    // Prometheus anchors a regex matcher at both ends.
    expect([...routes].filter((route) => new RegExp(`^(?:${pattern})$`).test(route))).toEqual([
      '/api/bet/placeMarketBet',
    ]);
  });

  it("points every rule's runbook at a heading of docs/deployment.md", () => {
    const anchors = anchorsOf(read('docs/deployment.md'));
    for (const rule of rules) {
      const [path, anchor] = rule.runbook.split('#');
      expect(path, rule.alert).toBe('docs/deployment.md');
      expect(anchors.has(anchor!), `${rule.alert}: #${anchor}`).toBe(true);
    }
  });
});
