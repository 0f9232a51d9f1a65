/**
 * Security headers on every answer, sent by the server itself (ADR 42; the proxies add only HSTS):
 * no MIME sniffing and no referrer beyond the site on all; on the pages (the bettors' app and the
 * console, any text/html) a content security policy and no framing by anyone.
 */
import fp from 'fastify-plugin';
import { GEO_LOOKUP_URL } from '@exchange/contracts';

export interface SecurityHeadersOptions {
  /** The only origins a page may frame: the casino provider's game pages (ADR 24). */
  frameOrigins: readonly string[];
}

/** A Host header that can only name a host: nothing in it can end a directive or add a source. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The pages' policy. `host` is the one the browser asked for: the live socket (/ws) is listed
 * with it, since browsers before CSP 3 do not count ws: and wss: of the page's host as 'self'.
 */
export function pagePolicy(frameOrigins: readonly string[], host: string | undefined): string {
  const socket = host && PLAIN_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    // The token sits in local storage (spec section 3): only the site's own script files run.
    "script-src 'self'",
    // The toasts' library adds its <style> element at run time; React's style props go through
    // the CSSOM, which the policy does not govern. CSS runs no script.
    "style-src 'self' 'unsafe-inline'",
    // The operator's logo and favicon may be https: or data: URLs; the security-auth QR code is a data: SVG.
    "img-src 'self' data: https:",
    `connect-src 'self'${socket} ${new URL(GEO_LOOKUP_URL).origin}`,
    // The web app also frames only game URLs its launch returned; the browser holds the line.
    `frame-src ${frameOrigins.length > 0 ? frameOrigins.join(' ') : "'none'"}`,
    // A bet placed through a hidden frame of another site is a click away otherwise.
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export default fp<SecurityHeadersOptions>(
  async (app, opts) => {
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      // A page's address (its hash route, a game's launch token) never leaves the site.
      reply.header('Referrer-Policy', 'same-origin');
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) {
        reply.header('Content-Security-Policy', pagePolicy(opts.frameOrigins, request.host));
        // For browsers without frame-ancestors.
        reply.header('X-Frame-Options', 'DENY');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
