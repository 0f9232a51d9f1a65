import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { WALLET_AMOUNT_FIELDS, WALLET_OPERATIONS, WalletRequestSchemas, type WalletAnswer, type WalletOperation } from '@exchange/contracts';
import { verifyCasinoSignature } from '@exchange/contracts/casino-signing';

/** What the JSON parser of these routes hands over: the raw text, parsed only after the signature. */
interface RawBody {
  raw: string;
}

/**
 * POST /api/wallet/{balance|debit|credit|rollback}: the seamless wallet the casino provider calls
 * (casino.md). Not part of the bettor API: no bearer token and no envelope. Each call is signed
 * over its method, path, provider id, timestamp and raw body (`casino-signing.ts`, ADR 24), the
 * timestamp within 300 s. Every answer is HTTP 200 `{status, balance, transactionId}` except
 * INTERNAL_ERROR (5xx, the provider retries it) and a malformed body: HTTP 4xx with INVALID_AMOUNT
 * (an amount field) or BAD_REQUEST (anything else, unknown fields included), both final.
 */
export default function walletRoutes(app: FastifyInstance): void {
  app.register(async (wallet) => {
    // The signature covers the exact bytes sent, so these routes keep the body as text.
    wallet.removeContentTypeParser('application/json');
    wallet.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, { raw: body as string } satisfies RawBody);
    });

    // Every answer but OK, whichever path gave it (the error handler's too), counted by its status (ADR 61).
    wallet.addHook('preSerialization', (_request, _reply, payload: WalletAnswer, done) => {
      if (payload.status !== 'OK') app.metrics?.walletRefused(payload.status);
      done(null, payload);
    });

    wallet.setErrorHandler((error: FastifyError, request, reply) => {
      // A refusal of the framework (empty body, wrong content type, too large) is final, never INTERNAL_ERROR.
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.status(error.statusCode).send({ status: 'BAD_REQUEST', message: error.message } satisfies WalletAnswer);
      }
      request.log.error({ err: error }, 'wallet call failed');
      return reply.status(500).send({ status: 'INTERNAL_ERROR', message: 'Wallet error, retry later' } satisfies WalletAnswer);
    });

    for (const operation of WALLET_OPERATIONS) {
      const path = `/api/wallet/${operation}`;
      wallet.post(path, async (request, reply): Promise<WalletAnswer> => {
        const { config } = app.casino;
        const raw = (request.body as RawBody | undefined)?.raw ?? '';
        if (!config.walletSecret) return { status: 'INVALID_SIGNATURE', message: 'Wallet is not configured' };
        // Verified against this route's own method and path: a body signed for another operation fails here.
        const check = verifyCasinoSignature(
          request.headers,
          { method: 'POST', path, rawBody: raw },
          { secret: config.walletSecret, providerId: config.providerId, nowMs: app.clock().getTime() },
        );
        if (!check.ok) {
          request.log.warn({ operation, reason: check.reason }, 'wallet call refused: signature');
          return { status: 'INVALID_SIGNATURE', message: check.reason };
        }
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          return reply.status(400).send({ status: 'BAD_REQUEST', message: 'Body is not JSON' } satisfies WalletAnswer);
        }
        // PostgreSQL text and jsonb cannot hold NUL: refused here, not a 500 the provider would retry.
        const nulAt = nulPath(json);
        if (nulAt !== null) return reply.status(400).send({ status: 'BAD_REQUEST', message: `${nulAt || 'body'}: must not contain NUL characters` } satisfies WalletAnswer);
        const parsed = WalletRequestSchemas[operation].safeParse(json);
        if (!parsed.success) return reply.status(400).send(malformed(parsed.error.issues));
        const answer = await run(app, operation, parsed.data, app.clock());
        request.log.info({ operation, transactionId: answer.transactionId, status: answer.status }, 'wallet call');
        return answer;
      });
    }
  });
}

/**
 * The answer to a body outside the operation's contract: INVALID_AMOUNT when an amount field is
 * wrong (huge, negative, zero for a stake, a fraction of a paisa, not a number), else BAD_REQUEST.
 * Both are final: the provider must not retry what will never parse.
 */
function malformed(issues: z.core.$ZodIssue[]): WalletAnswer {
  const isAmount = (issue: z.core.$ZodIssue) => WALLET_AMOUNT_FIELDS.includes(String(issue.path.at(-1)));
  const issue = issues.find(isAmount) ?? issues[0];
  const where = issue?.path.join('.') || 'body';
  if (issue && isAmount(issue)) return { status: 'INVALID_AMOUNT', message: `${where}: ${issue.message}` };
  const unknown = issue?.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : '';
  return { status: 'BAD_REQUEST', message: `${where}: ${issue?.message ?? 'invalid'}${unknown}` };
}

/** The path ('bet.optionName', 'result.cards.0') of the first string, or key, holding a NUL character; null when none does. */
function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\0')) return at;
    const found = nulPath(item, at);
    if (found !== null) return found;
  }
  return null;
}

function run(app: FastifyInstance, operation: WalletOperation, body: unknown, now: Date): Promise<WalletAnswer> {
  const { wallet } = app.casino;
  switch (operation) {
    case 'balance':
      return wallet.balance(body as Parameters<typeof wallet.balance>[0], now);
    case 'debit':
      return wallet.debit(body as Parameters<typeof wallet.debit>[0], now);
    case 'credit':
      return wallet.credit(body as Parameters<typeof wallet.credit>[0], now);
    case 'rollback':
      return wallet.rollback(body as Parameters<typeof wallet.rollback>[0], now);
  }
}
