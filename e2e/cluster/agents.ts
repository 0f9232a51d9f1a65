import pg from 'pg';
import type { EndpointName } from '@exchange/contracts';

/**
 * The bank workload's agents (ADR 48): under the seed's agent1, a random tree of agents up to 4
 * levels below the root, each keeping a random partnership (at most its parent's), and bettors
 * under any of them with random commission rates. The agents are made over the API as a parent
 * makes them (its chips passed down for its bettors); their figures are written as
 * `account_terms` rows in SQL, in force from before the first bet, as the agent calls that set
 * them would leave them. Midway the operator changes one agent's figure and one bettor's rates:
 * the checker holds that each result is split by the figures of the bettor's first bet on it.
 */

export interface TreeAgent {
  userId: number;
  userName: string;
  token: string;
  /** Its parent in `agents` (-1: the root; agent1 is the first, at depth 1). */
  parent: number;
  depth: number;
  partnershipBp: number;
}

export interface AgentTree {
  agents: TreeAgent[];
  /** The agent (index in `agents`) each bettor goes under. */
  agentOf: (bettor: number) => number;
}

type Must = (name: EndpointName, body: unknown, token?: string) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the set-up reads what it asked for

const FULL = 10_000;
const PASSWORD = 'Agent@5678';

/** The tree, made: `bettors` is how many bettors will go under it, each given `chipsPerBettor` rupees by its agent. */
export async function makeAgentTree(
  options: { databaseUrl: string; run: string; bettors: number; chipsPerBettor: number; agent1Token: string },
  rnd: () => number,
  must: Must,
): Promise<AgentTree> {
  const pick = (n: number) => Math.floor(rnd() * n);
  const agent1 = await withDatabase(
    options.databaseUrl,
    async (db) =>
      (await db.query<{ id: number }>(`select id from users where user_name = 'agent1'`)).rows[0]!.id,
  );
  // agent1 keeps 70 to 100% (what an earlier run on this database gave it, if one did: its
  // agents are still below it); 3 to 5 agents below it, each under an agent with room (depth < 4).
  const earlier = await withDatabase(options.databaseUrl, (db) => figureOf(db, agent1));
  const plan: { parent: number; depth: number; partnershipBp: number }[] = [
    { parent: -1, depth: 1, partnershipBp: earlier ?? FULL - pick(3_001) },
  ];
  for (let i = 0, extra = 3 + pick(3); i < extra; i++) {
    const room = plan.flatMap((a, j) => (a.depth < 4 ? [j] : []));
    // The newest agent with room half the time: chains come out deep.
    const parent = rnd() < 0.5 ? room.at(-1)! : room[pick(room.length)]!;
    plan.push({
      parent,
      depth: plan[parent]!.depth + 1,
      partnershipBp: Math.floor(plan[parent]!.partnershipBp * rnd()),
    });
  }
  const bettorAgent = Array.from({ length: options.bettors }, () => pick(plan.length));
  // Each agent passes down the chips of every bettor below it.
  const below = plan.map(() => 0);
  for (const a of bettorAgent) for (let j = a; j !== -1; j = plan[j]!.parent) below[j]!++;

  const agents: TreeAgent[] = [
    {
      userId: agent1,
      userName: 'agent1',
      token: options.agent1Token,
      parent: -1,
      depth: 1,
      partnershipBp: plan[0]!.partnershipBp,
    },
  ];
  for (const [i, a] of plan.entries()) {
    if (i === 0) continue;
    const parent = agents[a.parent]!;
    const userName = `a${options.run}${i}`.slice(0, 20);
    const created = await must(
      'agentCreateUser',
      { user_name: userName, password: 'Agent@1234', role: 'agent' },
      parent.token,
    );
    const first = (await must('login', { user_name: userName, password: 'Agent@1234' })).usertoken as string;
    await must(
      'changePassword',
      { master_password: 'Agent@1234', new_password: PASSWORD, confirm_password: PASSWORD },
      first,
    );
    const token = (await must('login', { user_name: userName, password: PASSWORD })).usertoken as string;
    if (below[i]! > 0)
      await must(
        'agentTransferChips',
        {
          user_id: created.user_id,
          amount: below[i]! * options.chipsPerBettor,
          direction: 'deposit',
          client_ref: `fund-${userName}`,
        },
        parent.token,
      );
    agents.push({
      userId: created.user_id as number,
      userName,
      token,
      parent: a.parent,
      depth: a.depth,
      partnershipBp: a.partnershipBp,
    });
  }
  // In force from now, before any bet of the run: a figure is never written for the past (the
  // results already split by the figures then would no longer match the history).
  await withDatabase(options.databaseUrl, async (db) => {
    for (const a of agents)
      if (a.userId !== agent1 || earlier === undefined)
        await db.query(
          `insert into account_terms (user_id, partnership_bp, effective_at) values ($1, $2, now())`,
          [a.userId, a.partnershipBp],
        );
  });
  return { agents, agentOf: (bettor) => bettorAgent[bettor]! };
}

/** A bettor's commission rates (bp), in force from now: before its first bet. */
export async function setBettorRates(
  databaseUrl: string,
  userIds: readonly number[],
  rnd: () => number,
): Promise<void> {
  await withDatabase(databaseUrl, async (db) => {
    for (const userId of userIds) await db.query(insertRates, [userId, ...randomRates(rnd)]);
  });
}

/**
 * Midway: one agent's figure changes (within what its parent holds and its children keep) and
 * one bettor's rates, from now on. Markets already bet on keep their split.
 */
export async function changeFigures(
  databaseUrl: string,
  tree: AgentTree,
  bettorIds: readonly number[],
  rnd: () => number,
): Promise<string> {
  const i = Math.floor(rnd() * tree.agents.length);
  const agent = tree.agents[i]!;
  const hi = agent.parent === -1 ? FULL : tree.agents[agent.parent]!.partnershipBp;
  const before = agent.partnershipBp;
  const bettor = bettorIds[Math.floor(rnd() * bettorIds.length)]!;
  await withDatabase(databaseUrl, async (db) => {
    // Its children's figures, an earlier run's agents included.
    const children = await db.query<{ id: number }>(
      `select id from users where parent_id = $1 and role = 'agent'`,
      [agent.userId],
    );
    let lo = 0;
    for (const c of children.rows) lo = Math.max(lo, (await figureOf(db, c.id)) ?? 0);
    agent.partnershipBp = lo + Math.floor((hi - lo) * rnd());
    await db.query(
      `insert into account_terms (user_id, partnership_bp, effective_at) values ($1, $2, now())`,
      [agent.userId, agent.partnershipBp],
    );
    await db.query(insertRates, [bettor, ...randomRates(rnd)]);
  });
  return `${agent.userName} ${before / 100}% -> ${agent.partnershipBp / 100}%, user ${bettor}'s rates`;
}

const insertRates = `insert into account_terms (user_id, match_commission_bp, session_commission_bp, casino_commission_bp, effective_at) values ($1, $2, $3, $4, now())`;

/** An agent's partnership in force now, if it has one. */
async function figureOf(db: pg.Client, userId: number): Promise<number | undefined> {
  const { rows } = await db.query<{ bp: number | null }>(
    `select partnership_bp as bp from account_terms where user_id = $1 and effective_at <= now() order by effective_at desc, id desc limit 1`,
    [userId],
  );
  return rows[0] ? (rows[0].bp ?? 0) : undefined;
}

/** Match, session and casino rates (bp): none a quarter of the time each. */
function randomRates(rnd: () => number): [number, number, number] {
  const rate = (max: number) => (rnd() < 0.25 ? 0 : 1 + Math.floor(rnd() * max));
  return [rate(300), rate(200), rate(300)];
}

async function withDatabase<T>(databaseUrl: string, body: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await body(db);
  } finally {
    await db.end();
  }
}
