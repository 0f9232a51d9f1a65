/**
 * A nats-server of a test's own (Debian's, as on the machines) on a free loopback port, so a test
 * or the proof can kill the broker and start it again without disturbing anyone else's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export class PrivateNats {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  /** On a free port; not started yet. */
  static async onFreePort(): Promise<PrivateNats> {
    return new PrivateNats(await freePort());
  }

  /** One on a free port, started. */
  static async started(): Promise<PrivateNats> {
    const nats = await PrivateNats.onFreePort();
    await nats.start();
    return nats;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** Starts it (again, on the same port); resolves once it listens. */
  async start(): Promise<void> {
    this.child = spawn('/usr/sbin/nats-server', ['-a', '127.0.0.1', '-p', String(this.port)], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const taken = await new Promise<boolean>((resolve) => {
        const probe = createServer().listen(this.port, '127.0.0.1');
        probe.once('listening', () => probe.close(() => resolve(false)));
        probe.once('error', () => resolve(true));
      });
      if (taken) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('nats-server did not start');
  }

  /** kill -9: the clients see the link drop, as at a crash. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}
