/**
 * CPU time of processes on this machine, from /proc/<pid>/stat (utime + stime). Throughput on a
 * shared 2-core machine swings with whatever else runs; the CPU a request costs does not, and
 * says how many cores a rate would take.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds used so far by the process, or undefined if it is gone (or not on this machine). */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of the PostgreSQL backends serving one database, read at two moments: a backend
 * seen at the end is counted from its value at the start (0 if it opened meanwhile). A backend
 * that closed during the interval is lost, so measure while the pools are busy.
 */
export class PostgresCpu {
  private constructor(private readonly client: pg.Client) {}

  static async open(databaseUrl: string): Promise<PostgresCpu> {
    const client = new pg.Client({ connectionString: databaseUrl });
    // A connection lost (PostgreSQL restarted) fails the next query, which ends the caller's run.
    client.on('error', () => {});
    await client.connect();
    return new PostgresCpu(client);
  }

  async snapshot(): Promise<Map<number, number>> {
    const { rows } = await this.client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const seconds = processCpuSeconds(pid);
      if (seconds !== undefined) cpu.set(pid, seconds);
    }
    return cpu;
  }

  static between(before: Map<number, number>, after: Map<number, number>): number {
    let total = 0;
    for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
    return total;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}
