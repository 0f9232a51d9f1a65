import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WalletAnswer, WalletOperation, WalletStatus } from '@exchange/contracts';
import { verifyCasinoSignature } from '@exchange/contracts/casino-signing';
import { paiseToRupees, roundToPaise } from '@exchange/engine';

/** What the fake does to the next call of an operation. */
export type Fault = 'internal' | 'drop-after-commit' | 'drop-before' | 'http-500';

interface Tx {
  op: WalletOperation;
  raw: string;
  answer: WalletAnswer;
}

/**
 * A small platform wallet on 127.0.0.1 for the provider's tests: the protocol of casino.md with
 * signatures, idempotency by transactionId, rollback markers, and faults on demand. Real HTTP.
 */
export class FakePlatform {
  readonly balances = new Map<string, number>(); // userId -> paise
  readonly tokens = new Map<string, string>(); // token -> userId
  readonly calls: { op: WalletOperation; body: Record<string, unknown>; status?: string }[] = [];
  private txs = new Map<string, Tx>();
  private rolledBackMarkers = new Set<string>();
  private settledDebits = new Set<string>();
  private rolledBackDebits = new Set<string>();
  private faults: Partial<Record<WalletOperation, Fault[]>> = {};
  private server: Server | null = null;
  url = '';

  constructor(
    readonly providerId: string,
    readonly secret: string,
  ) {}

  addUser(userId: string, token: string, balance_paise: number): void {
    this.balances.set(userId, balance_paise);
    this.tokens.set(token, userId);
  }

  /** Queue faults for the next calls of an operation (one fault per call). */
  fail(op: WalletOperation, ...faults: Fault[]): void {
    (this.faults[op] ??= []).push(...faults);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const op = /^\/api\/wallet\/(balance|debit|credit|rollback)$/.exec(req.url ?? '')?.[1] as WalletOperation | undefined;
    if (!op) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as Record<string, unknown>;
    const call: (typeof this.calls)[number] = { op, body };
    this.calls.push(call);
    const fault = this.faults[op]?.shift();
    if (fault === 'drop-before') {
      req.socket.destroy();
      return;
    }
    if (fault === 'http-500') {
      res.writeHead(500).end('oops');
      return;
    }
    const send = (answer: WalletAnswer) => {
      call.status = answer.status;
      if (fault === 'drop-after-commit') {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    };
    if (fault === 'internal') return send({ status: 'INTERNAL_ERROR' });
    const sig = verifyCasinoSignature(req.headers, { method: 'POST', path: `/api/wallet/${op}`, rawBody: raw }, { providerId: this.providerId, secret: this.secret, nowMs: Date.now() });
    if (!sig.ok) return send({ status: 'INVALID_SIGNATURE', message: sig.reason });
    send(this.apply(op, body, raw));
  }

  private apply(op: WalletOperation, body: Record<string, unknown>, raw: string): WalletAnswer {
    const userId = this.tokens.get(String(body.token));
    const balance = () => (userId ? paiseToRupees(this.balances.get(userId)!) : undefined);
    if (op === 'balance') return userId ? { status: 'OK', balance: balance() } : { status: 'INVALID_TOKEN' };
    const txId = String(body.transactionId);
    const seen = this.txs.get(txId);
    if (seen) return seen.raw === raw || sameIgnoringNothing(seen.raw, raw) ? seen.answer : { status: 'DUPLICATE_TRANSACTION', transactionId: txId };
    const record = (answer: WalletAnswer) => {
      this.txs.set(txId, { op, raw, answer });
      return answer;
    };
    const amount = roundToPaise(Number(body.amount));
    const ref = String(body.referenceTransactionId ?? '');
    const status = (s: WalletStatus) => record({ status: s, transactionId: txId, balance: balance() });
    if (op === 'debit') {
      if (this.rolledBackMarkers.has(txId)) return status('TRANSACTION_ROLLED_BACK');
      if (!userId) return status('INVALID_TOKEN');
      if (this.balances.get(userId)! < amount) return status('INSUFFICIENT_FUNDS');
      this.balances.set(userId, this.balances.get(userId)! - amount);
      return status('OK');
    }
    const debit = this.txs.get(ref);
    if (op === 'credit') {
      if (!debit || debit.answer.status !== 'OK') return status('TRANSACTION_NOT_FOUND');
      if (this.rolledBackDebits.has(ref)) return status('TRANSACTION_ROLLED_BACK');
      if (this.settledDebits.has(ref)) return status('BET_ALREADY_SETTLED');
      this.settledDebits.add(ref);
      const owner = this.tokens.get(String(JSON.parse(debit.raw).token))!;
      this.balances.set(owner, this.balances.get(owner)! + amount);
      return record({ status: 'OK', transactionId: txId, balance: paiseToRupees(this.balances.get(owner)!) });
    }
    // rollback
    if (!debit) {
      this.rolledBackMarkers.add(ref);
      return status('OK');
    }
    if (debit.answer.status !== 'OK' || this.rolledBackDebits.has(ref)) return status('OK');
    if (this.settledDebits.has(ref)) return status('BET_ALREADY_SETTLED');
    this.rolledBackDebits.add(ref);
    const owner = this.tokens.get(String(JSON.parse(debit.raw).token))!;
    this.balances.set(owner, this.balances.get(owner)! + roundToPaise(Number(JSON.parse(debit.raw).amount)));
    return record({ status: 'OK', transactionId: txId, balance: paiseToRupees(this.balances.get(owner)!) });
  }
}

function sameIgnoringNothing(a: string, b: string): boolean {
  return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
}
