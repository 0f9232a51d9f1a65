import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay between the app and its PostgreSQL, which a test can cut: every open connection is
 * torn down and new ones are closed at once, as the app sees a database restart or a network
 * fault; `restore` lets connections through again. Real sockets both ways, nothing faked above TCP.
 */
export class CuttableProxy {
  private readonly sockets = new Set<Socket>();
  private cut = false;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async to(host: string, port: number): Promise<CuttableProxy> {
    const relay: { proxy?: CuttableProxy } = {};
    const server = createServer((inbound) => relay.proxy!.accept(inbound, host, port));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('proxy: no port');
    relay.proxy = new CuttableProxy(server, address.port);
    return relay.proxy;
  }

  /** `url` with its host and port replaced by this relay's. */
  urlFor(url: string): string {
    const through = new URL(url);
    through.hostname = '127.0.0.1';
    through.port = String(this.port);
    return through.toString();
  }

  private accept(inbound: Socket, host: string, port: number): void {
    if (this.cut) {
      inbound.destroy();
      return;
    }
    const outbound = connect(port, host);
    for (const [a, b] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      this.sockets.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        this.sockets.delete(a);
        b.destroy();
      });
    }
  }

  /** Tears down every connection and refuses new ones until `restore`. */
  cutOff(): void {
    this.cut = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.cut = false;
  }

  async close(): Promise<void> {
    this.cutOff();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
