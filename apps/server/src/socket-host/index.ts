/**
 * The socket host (ADR 62): the live push's sockets held by a child process of the server, so
 * that fan-out runs on a loop of its own. `process.ts` is the server's side, `host.ts` the
 * child's (started by `src/socket-host.ts`), `protocol.ts` what they say to each other.
 */
export { RemoteSocket, SocketHostProcess, type SocketHostEntry, type SocketHostOptions } from './process.ts';
export { runSocketHost, type HostChannel } from './host.ts';
export type { SocketHostSettings } from './protocol.ts';
