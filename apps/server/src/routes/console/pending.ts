// TEMPORARY (issue 12, removed before this lands on main): the console's calls not yet built
// answer 501, so the app starts while the server parts are built in parallel.
import type { FastifyInstance } from 'fastify';
import type { EndpointName } from '@exchange/contracts';
import { AppError } from '../../lib/errors.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

const PENDING: EndpointName[] = [
  // (every call is built: server parts A and B are merged here)
];

export default function pendingConsoleRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  const notYet = async () => {
    throw new AppError(501 as never, 'INTERNAL_ERROR', 'Not built yet');
  };
  registerEndpoints(app, registry, Object.fromEntries(PENDING.map((n) => [n, notYet])) as never);
}
