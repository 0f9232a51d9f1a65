/**
 * Agent scoping from the contracts table (ADR 32, ADR 46) on PGlite and PostgreSQL: every call
 * whose role is 'agent' and whose body names a user or a user's object answers a foreign one
 * exactly as it answers a missing one (an id: the same 404, status, code and message; a search:
 * the same empty page), while the same body with one of the caller's own users gets through. The
 * calls and their fields are read from the table, each field is filled by its name (or by a value
 * of its own on one call), and a field the suite does not know fails it: a new agent call is
 * checked without anyone listing it here.
 * Foreign twice over: a bettor under another agent, and a bettor of the agent above the caller.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { endpoints, type Endpoint, type EndpointName } from '@exchange/contracts';
import { accountTerms, ledgerAccounts, paymentRequests, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { depositMultipart, nextUtr, onlineBettor, PNG_1X1 } from '../../test/payments.ts';

const AGENT_CALLS = (Object.entries(endpoints) as [EndpointName, Endpoint][]).filter(
  ([, e]) => e.role === 'agent',
);

/** An id no row has, inside the contract's int4 ids. */
const MISSING_ID = 2_000_000_000;

/** A field named like this may name a user or a user's object: it is a reference or explicitly not one. */
const NAMED_LIKE_A_REFERENCE = /(_id|_name|^search)$/;

/** An agent with one online bettor, and the bettor's pending deposit (with a receipt) addressed to the agent. */
interface World {
  token: string;
  agentId: number;
  bettor: { id: number; name: string };
  requestId: number;
}

/** Fields that name a user or a user's object: an id is answered 404 when missing, a search finds nothing. */
const REFERENCES: Record<string, { kind: 'id' | 'filter'; of: (w: World) => unknown; missing: unknown }> = {
  user_id: { kind: 'id', of: (w) => w.bettor.id, missing: MISSING_ID },
  parent_id: { kind: 'id', of: (w) => w.agentId, missing: MISSING_ID },
  request_id: { kind: 'id', of: (w) => w.requestId, missing: MISSING_ID },
  search: { kind: 'filter', of: (w) => w.bettor.name, missing: 'nobody_here' },
};

let clientRefs = 0;
/** Fields that name nothing of a user's, with a value the contract takes (undefined: left out). */
const PLAIN: Record<string, unknown> = {
  page: 1,
  limit: 20,
  from_date: '2020-01-01',
  to_date: '2099-12-31',
  statement_type: undefined,
  bet_type: undefined,
  filter: undefined,
  status: undefined,
  kind: undefined,
  by: 'mobile',
  amount: 1,
  direction: 'deposit',
  remark: undefined,
  client_ref: () => `scope-${++clientRefs}`,
  login_locked: true,
  bet_locked: undefined,
  new_password: 'Fresh@1234',
  approve: false,
  password: 'First@1234',
  role: 'user',
  mobile: undefined,
  credit_limit: undefined,
  online_payments: undefined,
  partnership: undefined,
  // agent/setAccountTerms needs one figure to change; a bettor's commission is one any account takes.
  match_commission: 1,
  session_commission: undefined,
  casino_commission: undefined,
  credit_reference: 100,
  method: 'UPI',
  account_number: undefined,
  ifsc: undefined,
  // agent/setUserLimits: one limit set, the rest left as they are.
  max_stake: 100,
  exposure_limit: undefined,
  extra_bet_delay_ms: undefined,
  blocked_sports: undefined,
};

/**
 * A plain field's value on one call where the value by its name does not fit the call
 * (`call.field`): chips move 'deposit' or 'withdraw', cash settlements are 'RECEIVED' or 'PAID'.
 */
const PLAIN_ON: Record<string, unknown> = {
  'agentRecordSettlement.direction': 'RECEIVED',
};

/** The plain value of a field on a call, if it has one: its own on that call, else by its name. */
const plainOf = (name: EndpointName, field: string): { value: unknown } | undefined => {
  const key = `${name}.${field}`;
  if (key in PLAIN_ON) return { value: PLAIN_ON[key] };
  return field in PLAIN ? { value: PLAIN[field] } : undefined;
};

/** Fields named like a reference that name nothing of a user's, per call, and why. */
const NOT_A_REFERENCE: Record<string, string> = {
  'agentCreateUser.user_name':
    "the new account's name: names are unique site-wide, so a taken one is refused whoever holds it, as user/signup refuses it",
  'agentGetUserBets.sport_id': "the catalog's: it narrows the named user's bets",
  'agentGetUserBets.match_id': "the catalog's: it narrows the named user's bets",
  'agentGetMarketBook.market_id': "a market is no user's: one that only others bet on answers zeros (ADR 36)",
  'agentGetMarketBook.match_id':
    "a match is no user's: its markets answer the caller's downline only (ADR 43)",
  'agentSetPaymentDetails.account_name': "the caller's own account that its users pay to",
  'agentSetPaymentDetails.upi_id': "the caller's own UPI id that its users pay to",
  'agentSetPaymentDetails.bank_name': "the caller's own bank",
  'agentGetPlusMinusReport.match_id':
    "a match is no user's: its figures are the caller's downline's only (a missing match is 404 Match not found)",
};

type Schema = { safeParse(v: unknown): { success: boolean } };

/** The body's fields with their schemas; none for a call without a body. */
function fieldsOf(name: EndpointName, endpoint: Endpoint): [string, Schema][] {
  const body = endpoint.body as unknown as Schema & { shape?: Record<string, Schema> };
  if (body.shape) return Object.entries(body.shape);
  if (body.safeParse(undefined).success) return [];
  throw new Error(`${name}: a body that is not an object of fields; teach this suite to read it`);
}

/** Why the suite cannot tell whether this field names a user, or null when it can. */
function unknownField(name: EndpointName, field: string): string | null {
  if (field in REFERENCES || `${name}.${field}` in NOT_A_REFERENCE) return null;
  if (NAMED_LIKE_A_REFERENCE.test(field))
    return `${name}.${field} may name a user: add it to REFERENCES (and a foreign one to the worlds) or to NOT_A_REFERENCE with the reason`;
  if (!plainOf(name, field))
    return `${name}.${field} is unknown: add it to PLAIN with a value the contract takes, or to REFERENCES`;
  return null;
}

/** The call's body with `reference` set to `value`, every other field plain or left out. */
function bodyOf(
  name: EndpointName,
  endpoint: Endpoint,
  reference: string,
  value: unknown,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, schema] of fieldsOf(name, endpoint)) {
    const plain = plainOf(name, field)?.value;
    if (field === reference) body[field] = value;
    else if (plain !== undefined) body[field] = typeof plain === 'function' ? (plain as () => unknown)() : plain;
    else if (!schema.safeParse(undefined).success)
      throw new Error(`${name}: ${field} is required and has no plain value beside ${reference}`);
  }
  return body;
}

const referencesOf = (name: EndpointName, endpoint: Endpoint) =>
  fieldsOf(name, endpoint)
    .map(([field]) => field)
    .filter((field) => field in REFERENCES);

it('knows every body field of every agent call of the contracts table: a reference, or plainly not one', () => {
  expect(AGENT_CALLS.length).toBeGreaterThan(0);
  const unknown = AGENT_CALLS.flatMap(([name, e]) =>
    fieldsOf(name, e).map(([field]) => unknownField(name, field)),
  ).filter((why) => why !== null);
  expect(unknown).toEqual([]);
  // A plain field is filled by its name on any call: none may be named like a reference.
  expect(Object.keys(PLAIN).filter((field) => NAMED_LIKE_A_REFERENCE.test(field))).toEqual([]);
  expect(
    Object.keys(PLAIN_ON).filter((key) => NAMED_LIKE_A_REFERENCE.test(key.slice(key.indexOf('.') + 1))),
  ).toEqual([]);
  // No reference or exemption is left over from a call that is gone.
  const used = new Set(AGENT_CALLS.flatMap(([name, e]) => referencesOf(name, e)));
  expect(Object.keys(REFERENCES).filter((field) => !used.has(field))).toEqual([]);
  const exemptions = new Set(
    AGENT_CALLS.flatMap(([name, e]) => fieldsOf(name, e).map(([field]) => `${name}.${field}`)),
  );
  expect(Object.keys(NOT_A_REFERENCE).filter((key) => !exemptions.has(key))).toEqual([]);
  expect(Object.keys(PLAIN_ON).filter((key) => !exemptions.has(key))).toEqual([]);
});

describeEachDatabase('every agent call answers a foreign user as a missing one', (ctx) => {
  const worlds = {} as Record<'agent1' | 'agent2' | 'sub1', World>;

  const ok = async (name: EndpointName, body: unknown, token: string) => {
    const res = await ctx().call(name, body, token);
    if (res.statusCode !== 200) throw new Error(`${name}: ${JSON.stringify(res.json)}`);
    return res.json.data;
  };

  /** An agent made by `parent`, its first password changed, with chips and a UPI id its users pay to. */
  const newAgent = async (parent: string, name: string): Promise<{ token: string; id: number }> => {
    const { user_id: id } = await ok(
      'agentCreateUser',
      { user_name: name, password: 'First@1234', role: 'agent' },
      parent,
    );
    const first = await ctx().login(name, 'First@1234');
    await ok(
      'changePassword',
      { master_password: 'First@1234', new_password: 'Agent@5678', confirm_password: 'Agent@5678' },
      first,
    );
    await ok(
      'agentTransferChips',
      { user_id: id, amount: 10_000, direction: 'deposit', client_ref: `fund-${name}` },
      parent,
    );
    const token = await ctx().login(name, 'Agent@5678');
    await ok(
      'agentSetPaymentDetails',
      { method: 'UPI', account_name: name, upi_id: `${name}@okaxis` },
      token,
    );
    return { token, id };
  };

  const worldOf = async (agent: { token: string; id: number }, bettorName: string): Promise<World> => {
    const bettor = await onlineBettor(ctx(), agent.token, bettorName, 500);
    const receipt = [{ filename: 'paid.png', type: 'image/png', data: PNG_1X1 }];
    const deposit = await depositMultipart(
      ctx(),
      bettor.token,
      { amount: 100, method: 'UPI', utr: nextUtr(), client_ref: `${bettorName}-dep` },
      receipt,
    );
    if (deposit.statusCode !== 200)
      throw new Error(`deposit of ${bettorName}: ${JSON.stringify(deposit.json)}`);
    return {
      token: agent.token,
      agentId: agent.id,
      bettor: { id: bettor.id, name: bettorName },
      requestId: deposit.json.data.request_id,
    };
  };

  /**
   * What an agent call could change of a world's bettor: its password, locks, credit reference,
   * figures, money and request.
   */
  const stateOf = async (w: World) => {
    const { db } = ctx();
    const [user] = await db
      .select({
        hash: users.passwordHash,
        mustChange: users.isChangePassword,
        login: users.loginLocked,
        bet: users.betLocked,
        credit: users.creditLimitPaise,
      })
      .from(users)
      .where(eq(users.id, w.bettor.id));
    const [account] = await db
      .select({ balance: ledgerAccounts.balancePaise, exposure: ledgerAccounts.exposurePaise })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, w.bettor.id));
    const [request] = await db
      .select({ status: paymentRequests.status })
      .from(paymentRequests)
      .where(eq(paymentRequests.id, w.requestId));
    const terms = await db.select().from(accountTerms).where(eq(accountTerms.userId, w.bettor.id));
    return { user, account, request, terms };
  };

  beforeAll(async () => {
    const admin = await ctx().login('admin');
    const token = await ctx().login('agent1');
    const agent1 = {
      token,
      id: (await ok('agentGetDownline', { page: 1, limit: 1 }, token)).parent_id as number,
    };
    worlds.agent1 = await worldOf(agent1, 'scope_own1');
    worlds.agent2 = await worldOf(await newAgent(admin, 'scope_agent2'), 'scope_other2');
    worlds.sub1 = await worldOf(await newAgent(agent1.token, 'scope_sub1'), 'scope_below1');
  });

  const cases = [
    { caller: 'agent1', foreign: 'agent2', what: 'a bettor under another agent' },
    { caller: 'sub1', foreign: 'agent1', what: 'a bettor of the agent above the caller' },
  ] as const;

  for (const { caller, foreign, what } of cases) {
    it(`${caller} gets ${what} answered as a missing one by every agent call that names one; its own gets through`, async () => {
      const [me, stranger] = [worlds[caller], worlds[foreign]];
      const before = await stateOf(stranger);
      const answer = async (name: EndpointName, endpoint: Endpoint, reference: string, value: unknown) => {
        const res = await ctx().call(name, bodyOf(name, endpoint, reference, value), me.token);
        return { status: res.statusCode, json: res.json };
      };
      let checked = 0;
      for (const [name, endpoint] of AGENT_CALLS) {
        for (const reference of referencesOf(name, endpoint)) {
          const { kind, of, missing } = REFERENCES[reference]!;
          const asMissing = await answer(name, endpoint, reference, missing);
          const asForeign = await answer(name, endpoint, reference, of(stranger));
          const asOwn = await answer(name, endpoint, reference, of(me));
          expect({ name, reference, answer: asForeign }).toEqual({ name, reference, answer: asMissing });
          if (kind === 'id') {
            expect({ name, reference, status: asMissing.status, json: asMissing.json }).toMatchObject({
              name,
              reference,
              status: 404,
              json: { status: false, code: 'NOT_FOUND' },
            });
          } else {
            expect({ name, reference, status: asMissing.status }).toEqual({ name, reference, status: 200 });
          }
          // The same body with the caller's own gets past the scope: the 404 above is the scope's.
          expect({ name, reference, status: asOwn.status, json: asOwn.json }).toMatchObject({
            name,
            reference,
            status: 200,
            json: { status: true },
          });
          expect(asOwn.json).not.toEqual(asMissing.json);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);
      // Nothing of the foreign bettor moved: no lock, password, credit reference, figures, chips
      // or decision got through.
      expect(await stateOf(stranger)).toEqual(before);
    });
  }
});
