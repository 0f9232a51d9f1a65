/**
 * The bettor's money in and out (ADR 33) on PGlite and PostgreSQL: the ways to pay agent1, deposits
 * with a receipt sent as multipart (checked by its bytes and size, kept only when the request is
 * recorded), UTRs and client_refs counted once (20 at once too), withdrawals held at once and never
 * beyond the available balance (open bets counted), the payment statement, and the switch.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MAX_BYTES, SPORT, istDate } from '@exchange/contracts';
import { queryRows } from '../../db/client.ts';
import { activityLog, globalSettings, users } from '../../db/schema/index.ts';
import { balanceOf, createMatchOdds, expectInvariants, firstMatchOf, statementRows } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { depositMultipart, JPEG_HEAD, nextUtr, onlineBettor, PNG_1X1, receiptFiles, WEBP_HEAD } from '../../test/payments.ts';

const ALL_DAYS = { from_date: '2020-01-01', to_date: '2099-12-31' };

describeEachDatabase('payments: deposits and withdrawals', (ctx) => {
  let admin: string;
  let agent1: string;
  let payer: { id: number; token: string };

  const call = (name: Parameters<ReturnType<typeof ctx>['call']>[0], body: unknown, token: string) => ctx().call(name, body, token);
  const statement = async (token: string, filter: Record<string, unknown> = {}) => {
    const res = await call('paymentGetPaymentStatement', { ...ALL_DAYS, limit: 100, ...filter }, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  };
  const deposit = (token: string, body: Record<string, unknown>) => call('paymentDeposit', { method: 'UPI', ...body }, token);
  const withdraw = (token: string, body: Record<string, unknown>) =>
    call('paymentWithdraw', { method: 'UPI', account_name: 'Pay Er', upi_id: 'payer@okicici', ...body }, token);

  beforeAll(async () => {
    admin = await ctx().login('admin');
    agent1 = await ctx().login('agent1');
    payer = await onlineBettor(ctx(), agent1, 'payer1', 1000);
  });

  afterEach(async () => {
    await expectInvariants(ctx().db, ctx().app.betting);
  });

  it("shows agent1's UPI id and bank account, the bounds, and no saved account yet", async () => {
    const res = await call('paymentGetMethods', {}, payer.token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({
      methods: [
        { method: 'UPI', account_name: 'Agent One', upi_id: 'agent1pay@okaxis', account_number: null, ifsc: null },
        { method: 'BANK', account_name: 'Agent One', upi_id: null, account_number: '50100012345678', ifsc: 'HDFC0001234', bank_name: 'HDFC Bank' },
      ],
      saved_accounts: [],
      min_amount: 100,
      max_amount: 1_000_000,
    });
    // An account made with online_payments pays online (the web shows it the pages) and keeps its credit limit.
    const login = await call('login', { user_name: 'payer1', password: 'Pay@12345' }, '');
    expect(login.json.data.is_signup_user).toBe('1');
    const made = await call('agentCreateUser', { user_name: 'offline1', password: 'First@1234', role: 'user', credit_limit: 2500.5 }, agent1);
    const [offline] = await ctx().db.select().from(users).where(eq(users.id, made.json.data.user_id));
    expect({ signup: offline!.isSignupUser, credit: offline!.creditLimitPaise }).toEqual({ signup: false, credit: 250_050 });
  });

  it('records a deposit with its receipt sent as multipart: pending, the image kept outside the web root, no money moved yet', async () => {
    const before = await balanceOf(ctx(), payer.token);
    const utr = nextUtr();
    const res = await depositMultipart(ctx(), payer.token, { amount: '500.50', method: 'UPI', utr: utr.toLowerCase(), client_ref: 'dep-receipt-1' }, [
      { filename: 'paid.png', type: 'image/png', data: PNG_1X1 },
    ]);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: 'Deposit request sent to your agent' });
    expect(res.json.data).toMatchObject({ kind: 'DEPOSIT', method: 'UPI', amount: 500.5, status: 'PENDING', utr, has_receipt: true, remark: '', decided_at: null });
    expect(res.json.data).toMatchObject(before);
    const files = receiptFiles(ctx());
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{32}\.png$/);
    // agent1 reads it back as a data URL, byte for byte.
    const receipt = await call('agentGetPaymentReceipt', { request_id: res.json.data.request_id }, agent1);
    expect(receipt.json.data).toEqual({ mime: 'image/png', data_url: `data:image/png;base64,${PNG_1X1.toString('base64')}` });
    // JPEG and WebP are taken too; a form's empty file part is no receipt.
    for (const [i, data] of [JPEG_HEAD, WEBP_HEAD].entries()) {
      const ok = await depositMultipart(ctx(), payer.token, { amount: 100, method: 'BANK', utr: nextUtr(), client_ref: `dep-img-${i}` }, [
        { filename: 'x.bin', type: 'application/octet-stream', data },
      ]);
      expect(ok.json.data, JSON.stringify(ok.json)).toMatchObject({ has_receipt: true, method: 'BANK' });
    }
    const none = await depositMultipart(ctx(), payer.token, { amount: 100, utr: nextUtr(), method: 'UPI', client_ref: 'dep-empty' }, [
      { filename: '', type: 'application/octet-stream', data: Buffer.alloc(0) },
    ]);
    expect(none.json.data).toMatchObject({ has_receipt: false, status: 'PENDING' });
    expect(receiptFiles(ctx())).toHaveLength(3);
    expect(receiptFiles(ctx()).map((f) => f.split('.')[1]).sort()).toEqual(['jpg', 'png', 'webp']);
    // JSON stays the plain way without a receipt; the request is on the bettor's activity log.
    const json = await deposit(payer.token, { amount: 250, utr: nextUtr(), client_ref: 'dep-json-1' });
    expect(json.json.data).toMatchObject({ amount: 250, has_receipt: false, status: 'PENDING' });
    const logged = await ctx().db.select().from(activityLog).where(eq(activityLog.userId, payer.id));
    expect(logged.filter((a) => a.kind === 'DEPOSIT_REQUESTED').map((a) => a.detail)).toContain(`₹500.50 by UPI, UTR ${utr}`);
    expect((await balanceOf(ctx(), payer.token)).total_balance).toBe(before.total_balance);
  });

  it("takes a browser's FormData over real HTTP: the text fields and the receipt file, the boundary set by fetch", async () => {
    // Listening until the suite's app closes.
    const origin = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('amount', '1000');
    form.append('method', 'BANK');
    form.append('utr', nextUtr());
    form.append('client_ref', 'dep-formdata-1');
    form.append('receipt', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'receipt.png');
    const res = await fetch(`${origin}/api/payment/deposit`, { method: 'POST', headers: { authorization: `Bearer ${payer.token}` }, body: form });
    const json = (await res.json()) as { data: { request_id: number } };
    expect({ status: res.status, data: json.data }).toMatchObject({ status: 200, data: { amount: 1000, method: 'BANK', has_receipt: true, status: 'PENDING' } });
    const receipt = await call('agentGetPaymentReceipt', { request_id: json.data.request_id }, agent1);
    expect(receipt.json.data.data_url).toBe(`data:image/png;base64,${PNG_1X1.toString('base64')}`);
  });

  it('refuses a receipt that is not a PNG, JPEG or WebP, or is too large, and writes nothing', async () => {
    const requestsBefore = (await statement(payer.token)).total;
    const filesBefore = receiptFiles(ctx());
    const fields = () => ({ amount: 300, method: 'UPI', utr: nextUtr(), client_ref: `bad-${nextUtr()}` });
    const refusals = [
      [{ filename: 'a.gif', type: 'image/gif', data: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1') }, 'The receipt must be a PNG, JPEG or WebP image'],
      // A declared image/png is not enough: the bytes decide.
      [{ filename: 'fake.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script>') }, 'The receipt must be a PNG, JPEG or WebP image'],
      [{ filename: 'big.png', type: 'image/png', data: Buffer.concat([PNG_1X1, Buffer.alloc(RECEIPT_MAX_BYTES)]) }, 'The receipt must be at most 5 MB'],
    ] as const;
    for (const [file, message] of refusals) {
      const res = await depositMultipart(ctx(), payer.token, fields(), [file]);
      expect({ file: file.filename, status: res.statusCode, json: res.json }).toEqual({
        file: file.filename,
        status: 400,
        json: { status: false, message, code: 'RECEIPT_INVALID' },
      });
    }
    // Exactly the limit is taken.
    const atLimit = Buffer.concat([PNG_1X1, Buffer.alloc(RECEIPT_MAX_BYTES - PNG_1X1.length)]);
    const limit = await depositMultipart(ctx(), payer.token, fields(), [{ filename: 'max.png', type: 'image/png', data: atLimit }]);
    expect(limit.statusCode, JSON.stringify(limit.json)).toBe(200);
    expect(receiptFiles(ctx())).toHaveLength(filesBefore.length + 1);
    // A file under another name, a bad field and a refused body write nothing either.
    const other = await depositMultipart(ctx(), payer.token, fields(), [{ field: 'photo', filename: 'a.png', type: 'image/png', data: PNG_1X1 }]);
    expect({ status: other.statusCode, code: other.json.code, message: other.json.message }).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Unexpected file in photo; send it as receipt',
    });
    const badAmount = await depositMultipart(ctx(), payer.token, { ...fields(), amount: '12abc' }, [{ filename: 'a.png', type: 'image/png', data: PNG_1X1 }]);
    expect({ status: badAmount.statusCode, code: badAmount.json.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    const small = await depositMultipart(ctx(), payer.token, { ...fields(), amount: 99 }, [{ filename: 'a.png', type: 'image/png', data: PNG_1X1 }]);
    expect(small.json).toEqual({ status: false, message: 'Amount must be at least 100', code: 'VALIDATION_ERROR' });
    expect(receiptFiles(ctx())).toHaveLength(filesBefore.length + 1);
    expect((await statement(payer.token)).total).toBe(requestsBefore + 1);
  });

  it('keeps the HTTP refusals in the envelope: multipart elsewhere and other types are 415, a huge JSON body 413', async () => {
    const elsewhere = await depositMultipart(ctx(), payer.token, { amount: 100, method: 'UPI', account_name: 'x', client_ref: 'w' }, [], 'payment/withdraw');
    expect({ status: elsewhere.statusCode, code: elsewhere.json.code, status_flag: elsewhere.json.status }).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status_flag: false,
    });
    const text = await ctx().app.inject({
      method: 'POST',
      url: '/api/payment/deposit',
      headers: { authorization: `Bearer ${payer.token}`, 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect({ status: text.statusCode, code: text.json().code }).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const huge = await ctx().app.inject({
      method: 'POST',
      url: '/api/payment/deposit',
      headers: { authorization: `Bearer ${payer.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: 100, utr: 'x'.repeat(1_100_000) }),
    });
    expect({ status: huge.statusCode, code: huge.json().code }).toEqual({ status: 413, code: 'REQUEST_TOO_LARGE' });
    // The multipart parser answers its own refusals in the envelope too (a second file here).
    const twoFiles = await depositMultipart(ctx(), payer.token, { amount: 100, method: 'UPI', utr: nextUtr(), client_ref: 'two' }, [
      { filename: 'a.png', type: 'image/png', data: PNG_1X1 },
      { filename: 'b.png', type: 'image/png', data: PNG_1X1 },
    ]);
    expect({ status: twoFiles.statusCode, flag: twoFiles.json.status, code: twoFiles.json.code }).toEqual({ status: 413, flag: false, code: 'REQUEST_TOO_LARGE' });
    // An anonymous multipart deposit is 401 before anything is read.
    const anonymous = await ctx().app.inject({ method: 'POST', url: '/api/payment/deposit', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' });
    expect({ status: anonymous.statusCode, code: anonymous.json().code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('documents payment/deposit as JSON or multipart/form-data with the receipt file, and no other call as multipart', async () => {
    const doc = (await ctx().app.inject({ method: 'GET', url: '/api/docs' })).json();
    const multipart = Object.entries(doc.paths as Record<string, { post?: { requestBody?: { content: Record<string, unknown> } } }>)
      .filter(([, ops]) => ops.post?.requestBody?.content['multipart/form-data'])
      .map(([path]) => path);
    expect(multipart).toEqual(['/api/payment/deposit']);
    const form = doc.paths['/api/payment/deposit'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(form.properties).sort()).toEqual(['amount', 'client_ref', 'method', 'receipt', 'utr']);
    expect(form.required.sort()).toEqual(['amount', 'client_ref', 'method', 'utr']);
  });

  it('counts a UTR once among live deposits, and again once its deposit is rejected', async () => {
    const utr = nextUtr();
    const first = await deposit(payer.token, { amount: 200, utr, client_ref: 'utr-1' });
    expect(first.statusCode).toBe(200);
    const again = await deposit(payer.token, { amount: 200, utr: utr.toLowerCase(), client_ref: 'utr-2' });
    expect({ status: again.statusCode, json: again.json }).toEqual({
      status: 409,
      json: { status: false, message: 'This UTR was already given for another deposit', code: 'UTR_ALREADY_USED' },
    });
    // Another bettor cannot reuse it either.
    const demo1 = await ctx().login('demo1');
    expect((await deposit(demo1, { amount: 200, utr, client_ref: 'utr-3' })).json.code).toBe('UTR_ALREADY_USED');
    const rejected = await call('agentDecidePaymentRequest', { request_id: first.json.data.request_id, approve: false, remark: 'Not received' }, agent1);
    expect(rejected.json.data).toMatchObject({ status: 'REJECTED', remark: 'Not received' });
    const reused = await deposit(payer.token, { amount: 200, utr, client_ref: 'utr-2' });
    expect(reused.json.data, JSON.stringify(reused.json)).toMatchObject({ status: 'PENDING', utr });
  });

  it('makes a request once per client_ref: a repeat answers the first, another body is refused', async () => {
    const utr = nextUtr();
    const body = { amount: 400, utr, client_ref: 'once-1' };
    const first = await deposit(payer.token, body);
    const repeat = await deposit(payer.token, body);
    expect(repeat.json).toEqual(first.json);
    const other = await deposit(payer.token, { ...body, amount: 401 });
    expect({ status: other.statusCode, json: other.json }).toEqual({
      status: 409,
      json: { status: false, message: 'This client_ref was already used for a different request', code: 'CLIENT_REF_CONFLICT' },
    });
    expect((await withdraw(payer.token, { amount: 400, client_ref: 'once-1' })).json.code).toBe('CLIENT_REF_CONFLICT');
    // The same client_ref is another request for another user.
    const demo1 = await ctx().login('demo1');
    expect((await deposit(demo1, { ...body, utr: nextUtr() })).statusCode).toBe(200);
  });

  it('20 concurrent deposits with one client_ref, each with its receipt, make one request and keep one file', async () => {
    const filesBefore = receiptFiles(ctx()).length;
    const requestsBefore = (await statement(payer.token)).total;
    const fields = { amount: 750, method: 'BANK', utr: nextUtr(), client_ref: 'burst-dep' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => depositMultipart(ctx(), payer.token, fields, [{ filename: 'r.png', type: 'image/png', data: PNG_1X1 }])),
    );
    for (const res of answers) expect({ status: res.statusCode, data: res.json.data }).toEqual({ status: 200, data: answers[0]!.json.data });
    expect((await statement(payer.token)).total).toBe(requestsBefore + 1);
    expect(receiptFiles(ctx()).length).toBe(filesBefore + 1);
    const receipt = await call('agentGetPaymentReceipt', { request_id: answers[0]!.json.data.request_id }, agent1);
    expect(receipt.json.data.mime).toBe('image/png');
  });

  it('holds a withdrawal at once: the balance and the available balance drop, the account is saved', async () => {
    const before = await balanceOf(ctx(), payer.token);
    const res = await withdraw(payer.token, { amount: 150.25, client_ref: 'wd-1' });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({
      kind: 'WITHDRAW',
      status: 'PENDING',
      amount: 150.25,
      upi_id: 'payer@okicici',
      account_number: null,
      total_balance: before.total_balance - 150.25,
      available_balance: before.available_balance - 150.25,
    });
    expect(await balanceOf(ctx(), payer.token)).toMatchObject({ total_balance: before.total_balance - 150.25 });
    expect((await statementRows(ctx(), payer.token))[0]).toMatchObject({ debit: 150.25, remark: `Withdrawal #${res.json.data.request_id} held (UPI payer@okicici)` });
    const bank = await withdraw(payer.token, { amount: 100, method: 'BANK', account_number: '000123456789', ifsc: 'sbin0001234', upi_id: undefined, client_ref: 'wd-2' });
    expect(bank.json.data).toMatchObject({ method: 'BANK', account_number: '000123456789', ifsc: 'SBIN0001234', upi_id: null });
    const methods = await call('paymentGetMethods', {}, payer.token);
    expect(methods.json.data.saved_accounts).toEqual([
      { method: 'BANK', account_name: 'Pay Er', upi_id: null, account_number: '000123456789', ifsc: 'SBIN0001234' },
      { method: 'UPI', account_name: 'Pay Er', upi_id: 'payer@okicici', account_number: null, ifsc: null },
    ]);
    expect((await ctx().db.select().from(activityLog).where(eq(activityLog.userId, payer.id))).some((a) => a.kind === 'WITHDRAW_REQUESTED')).toBe(true);
  });

  it('cannot withdraw beyond the available balance, with what an open bet holds counted', async () => {
    const bettor = await onlineBettor(ctx(), agent1, 'payer2', 1000);
    const cricket = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
    const marketId = await createMatchOdds(ctx(), admin, cricket.matchId);
    const bet = await call('placeMarketBet', { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 300 }, bettor.token);
    expect(bet.statusCode, JSON.stringify(bet.json)).toBe(200);
    const balance = await balanceOf(ctx(), bettor.token);
    expect(balance).toMatchObject({ total_balance: 1000, liability: 300, available_balance: 700 });
    const tooMuch = await withdraw(bettor.token, { amount: 700.01, client_ref: 'risk-1' });
    expect({ status: tooMuch.statusCode, json: tooMuch.json }).toEqual({
      status: 400,
      json: { status: false, message: 'The amount is more than your available balance', code: 'INSUFFICIENT_FUNDS' },
    });
    expect((await statement(bettor.token)).total).toBe(0);
    const all = await withdraw(bettor.token, { amount: 700, client_ref: 'risk-2' });
    expect(all.json.data).toMatchObject({ total_balance: 300, liability: 300, available_balance: 0 });
    expect((await withdraw(bettor.token, { amount: 100, client_ref: 'risk-3' })).json.code).toBe('INSUFFICIENT_FUNDS');
    // 20 withdrawals at once from what is left after a release: no more than the available balance is held.
    await call('agentDecidePaymentRequest', { request_id: all.json.data.request_id, approve: false }, agent1);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => withdraw(bettor.token, { amount: 100, client_ref: `risk-burst-${i}` })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(7);
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect(r.json.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(ctx(), bettor.token)).toMatchObject({ total_balance: 300, available_balance: 0 });
  });

  it("lists the caller's own requests between IST days, filtered by kind and status, paged", async () => {
    const all = await statement(payer.token);
    expect(all.total).toBeGreaterThan(5);
    const ids = all.rows.map((r: { request_id: number }) => r.request_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const deposits = await statement(payer.token, { kind: 'DEPOSIT', status: 'PENDING' });
    expect(deposits.rows.every((r: { kind: string; status: string }) => r.kind === 'DEPOSIT' && r.status === 'PENDING')).toBe(true);
    const rejected = await statement(payer.token, { status: 'REJECTED' });
    expect(rejected.rows.map((r: { remark: string }) => r.remark)).toContain('Not received');
    const page2 = await statement(payer.token, { page: 2, limit: 2 });
    expect({ total: page2.total, ids: page2.rows.map((r: { request_id: number }) => r.request_id) }).toEqual({ total: all.total, ids: ids.slice(2, 4) });
    // Days in IST: nothing before today, and the demo1 requests are not the payer's.
    const today = istDate(ctx().now());
    expect((await statement(payer.token, { from_date: today, to_date: today })).total).toBe(all.total);
    expect((await statement(payer.token, { from_date: '2020-01-01', to_date: '2020-01-31' })).total).toBe(0);
    const backwards = await call('paymentGetPaymentStatement', { from_date: '2020-02-01', to_date: '2020-01-01' }, payer.token);
    expect(backwards.statusCode).toBe(400);
  });

  describe('the switch', () => {
    const setGateway = (value: '0' | '1') => ctx().db.update(globalSettings).set({ paymentGateway: value });

    it("refuses deposits and withdrawals with 403 while the site's payment gateway is off, and to a user without a parent", async () => {
      const filesBefore = receiptFiles(ctx());
      await setGateway('0');
      try {
        const calls = [
          await call('paymentGetMethods', {}, payer.token),
          await deposit(payer.token, { amount: 100, utr: nextUtr(), client_ref: 'off-1' }),
          await depositMultipart(ctx(), payer.token, { amount: 100, method: 'UPI', utr: nextUtr(), client_ref: 'off-2' }, [
            { filename: 'a.png', type: 'image/png', data: PNG_1X1 },
          ]),
          await withdraw(payer.token, { amount: 100, client_ref: 'off-3' }),
        ];
        for (const res of calls) {
          expect({ status: res.statusCode, json: res.json }).toEqual({
            status: 403,
            json: { status: false, message: 'Deposits and withdrawals are turned off', code: 'PAYMENTS_DISABLED' },
          });
        }
      } finally {
        await setGateway('1');
      }
      expect(receiptFiles(ctx())).toEqual(filesBefore);
      const root = await call('paymentWithdraw', { amount: 100, method: 'UPI', account_name: 'Root', upi_id: 'root@okaxis', client_ref: 'root-1' }, admin);
      expect({ status: root.statusCode, code: root.json.code }).toEqual({ status: 403, code: 'PAYMENTS_DISABLED' });
      const [row] = await queryRows<{ n: string }>(ctx().db, sql`select count(*) as n from payment_requests where client_ref like 'off-%' or client_ref = 'root-1'`);
      expect(Number(row?.n)).toBe(0);
    });
  });
});
