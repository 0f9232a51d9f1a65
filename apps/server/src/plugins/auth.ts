import fp from 'fastify-plugin';
import type { Endpoint } from '@exchange/contracts';
import { forbidden, passwordChangeRequired, sessionExpired, unauthorized } from '../lib/errors.ts';
import type { AuthUser } from '../services/sessions.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

const ROLE_REFUSALS: Record<NonNullable<Endpoint['role']>, string> = {
  root: 'Only the operator can do this',
  agent: 'Only an agent can do this',
};
/** The roles each endpoint role admits: the root may do whatever an agent may (ADR 32). */
const ROLES_ADMITTED: Record<NonNullable<Endpoint['role']>, readonly AuthUser['role'][]> = {
  root: ['root'],
  agent: ['agent', 'root'],
};

/**
 * What an authenticated caller may call (ADR 25): the role the contracts table names, and while
 * the password must be changed only the calls marked `beforePasswordChange`.
 */
export function checkAccess(endpoint: Endpoint, user: AuthUser): void {
  if (endpoint.role && !ROLES_ADMITTED[endpoint.role].includes(user.role)) throw forbidden(ROLE_REFUSALS[endpoint.role]);
  if (user.mustChangePassword && !endpoint.beforePasswordChange) throw passwordChangeRequired();
}

/** Bearer-token authentication for the endpoints whose contract says auth 'user'. */
export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!token) throw unauthorized('Unauthorized. Please log in.');
      const { user, expired } = await app.sessions.authenticate(token);
      if (expired) throw sessionExpired();
      if (!user) throw unauthorized('Your session has ended. Please log in again.');
      request.user = user;
    });
  },
  { name: 'auth', dependencies: ['services'] },
);
