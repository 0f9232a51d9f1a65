import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

/** Bearer-token authentication for the endpoints whose contract says auth 'user'. */
export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!token) throw unauthorized('Unauthorized. Please log in.');
      const user = await app.sessions.authenticate(token);
      if (!user) throw unauthorized('Session expired. Please log in again.');
      request.user = user;
    });
  },
  { name: 'auth', dependencies: ['services'] },
);
