/**
 * Security headers on every answer of the provider (ADR 42): no MIME sniffing, no referrer beyond
 * its origin (a game page's address holds its launch token); on its pages a content security
 * policy that lets only the platform frame them.
 */
import type { FastifyInstance } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', 'localhost']);

/**
 * The origins that may frame the game page: the platform's (PLATFORM_URL, where the provider also
 * reaches its wallet through the public proxy). On a developer's machine the platform is reached
 * as localhost or 127.0.0.1 alike, so a loopback origin admits both.
 */
export function platformOrigins(platformUrl: string): string[] {
  const url = new URL(platformUrl);
  if (!LOOPBACK.has(url.hostname)) return [url.origin];
  return [...LOOPBACK].map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

export function gamePagePolicy(frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // The page's icon is a data: URL.
    "img-src 'self' data:",
    "connect-src 'self'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

export function addSecurityHeaders(app: FastifyInstance, platformUrl: string): void {
  const policy = gamePagePolicy(platformOrigins(platformUrl));
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) reply.header('Content-Security-Policy', policy);
    return payload;
  });
}
