import type { FastifyError, FastifyInstance } from 'fastify';
import { WALLET_OPERATIONS, WalletRequestSchemas, type WalletAnswer, type WalletOperation } from '@exchange/contracts';
import { verifySignature } from '../../services/casino/signing.ts';

/** What the JSON parser of these routes hands over: the raw text, parsed only after the signature. */
interface RawBody {
  raw: string;
}

/**
 * POST /api/wallet/{balance|debit|credit|rollback}: the seamless wallet the casino provider calls
 * (casino.md). Not part of the bettor API: no bearer token and no envelope. Each call is signed:
 * X-Signature = hex(HMAC_SHA256(secret, X-Timestamp + "." + raw body)), the timestamp within
 * 300 s. Every answer is HTTP 200 `{status, balance, transactionId}` except INTERNAL_ERROR (5xx,
 * the provider retries it) and a malformed body (400).
 */
export default function walletRoutes(app: FastifyInstance): void {
  app.register(async (wallet) => {
    // The signature covers the exact bytes sent, so these routes keep the body as text.
    wallet.removeContentTypeParser('application/json');
    wallet.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, { raw: body as string } satisfies RawBody);
    });

    wallet.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.status(error.statusCode).send({ status: 'INTERNAL_ERROR', message: error.message } satisfies WalletAnswer);
      }
      request.log.error({ err: error }, 'wallet call failed');
      return reply.status(500).send({ status: 'INTERNAL_ERROR', message: 'Wallet error, retry later' } satisfies WalletAnswer);
    });

    for (const operation of WALLET_OPERATIONS) {
      wallet.post(`/api/wallet/${operation}`, async (request, reply): Promise<WalletAnswer> => {
        const { config } = app.casino;
        const raw = (request.body as RawBody | undefined)?.raw ?? '';
        if (!config.walletSecret) return { status: 'INVALID_SIGNATURE', message: 'Wallet is not configured' };
        const check = verifySignature(request.headers, raw, { secret: config.walletSecret, providerId: config.providerId, nowMs: app.clock().getTime() });
        if (!check.ok) {
          request.log.warn({ operation, reason: check.reason }, 'wallet call refused: signature');
          return { status: 'INVALID_SIGNATURE', message: check.reason };
        }
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          return reply.status(400).send({ status: 'INTERNAL_ERROR', message: 'Body is not JSON' });
        }
        const parsed = WalletRequestSchemas[operation].safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return reply.status(400).send({ status: 'INTERNAL_ERROR', message: `${issue?.path.join('.')}: ${issue?.message}` });
        }
        const answer = await run(app, operation, parsed.data, app.clock());
        request.log.info({ operation, transactionId: answer.transactionId, status: answer.status }, 'wallet call');
        return answer;
      });
    }
  });
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
