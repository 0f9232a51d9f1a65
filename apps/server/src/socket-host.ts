/**
 * The socket host's process (ADR 62), forked by the server when the live push runs in a process
 * of its own: the settings come as its first argument, the sockets and frames over IPC.
 */
import type { Socket } from 'node:net';
import { runSocketHost, type SocketHostSettings } from './socket-host/index.ts';

const settings = JSON.parse(process.argv[2] ?? '{}') as SocketHostSettings;
let leaving = false;
runSocketHost(settings, {
  send: (message) => {
    if (process.connected) process.send!(message);
  },
  onMessage: (listener) =>
    process.on('message', (message, handle) => listener(message as never, handle as Socket | undefined)),
  onDisconnect: (listener) => process.on('disconnect', listener),
  exit: () => {
    if (leaving) return;
    leaving = true;
    // After the last close frames are out.
    setImmediate(() => process.exit(0));
  },
});
