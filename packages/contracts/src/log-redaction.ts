/**
 * What never goes into a log line (ADR 25), for the server and the casino provider alike: the
 * credentials that travel in URLs, headers and bodies of this product's calls.
 */
export const REDACTED = '[REDACTED]';

/** Query parameters that carry a credential: `/ws?token=`, the provider's game URL `?lt=`, its table stream `?session=`. */
const SECRET_QUERY_PARAMS = new Set(['token', 'usertoken', 'access_token', 'lt', 'session', 'password', 'secret', 'signature']);

/** The URL with the value of every credential parameter replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    let name = pair.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: judge the raw name.
    }
    return SECRET_QUERY_PARAMS.has(name.toLowerCase()) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
  });
  return `${url.slice(0, q + 1)}${pairs.join('&')}`;
}

const SECRET_FIELDS = ['password', 'master_password', 'new_password', 'confirm_password', 'token', 'usertoken', 'walletSecret', 'secret'];
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-signature'];

/**
 * pino `redact` paths: secret headers of a logged request or response, secret fields at the top
 * of a line or one level down (`body.password`), and URLs anywhere a line names one.
 */
export const LOG_REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`]),
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]),
  'url',
  '*.url',
];

/** pino's censor: URLs keep all but their credentials, any other secret is replaced whole. */
export function censorLogValue(value: unknown, path: string[]): unknown {
  if (path.at(-1) === 'url' && typeof value === 'string') return redactUrl(value);
  return REDACTED;
}

/**
 * A request as Fastify's default serializer shows it, with the URL redacted. Anything else
 * logged under `req` passes as it is (the redact paths still apply).
 */
export function redactedRequestLog(req: {
  method?: unknown;
  url?: unknown;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): unknown {
  if (typeof req.url !== 'string' || typeof req.method !== 'string') return req;
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/**
 * Fastify logger options with the redaction on: pass an app's `logger` option through this.
 * `false`/absent stays off; `true` becomes pino's defaults plus the redaction.
 */
export function redactingLogger<L extends object>(logger: boolean | L | undefined): false | (L & Record<string, unknown>) {
  if (!logger) return false;
  const base = (logger === true ? {} : logger) as L & { serializers?: Record<string, unknown> };
  return {
    ...base,
    redact: { paths: LOG_REDACT_PATHS, censor: censorLogValue },
    serializers: { ...base.serializers, req: redactedRequestLog },
  };
}
