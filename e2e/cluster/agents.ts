import type { EndpointName } from '@exchange/contracts';

/**
 * The bank workload's agents (ADR 48): under the seed's agent1, a random tree of agents up to 4
 * levels below the root, each keeping a random partnership (at most its parent's), and bettors
 * under any of them with random commission rates. All of it through the agents' own calls, as a
 * network is run: the operator sets agent1's figure (agent/setAccountTerms), each agent creates
 * its agents with their partnership and its bettors with their rates (agent/createUser), passing
 * its chips down. Midway one agent's parent changes its figure and one bettor's agent its rates:
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
  options: { run: string; bettors: number; chipsPerBettor: number; adminToken: string; agent1Token: string },
  rnd: () => number,
  must: Must,
): Promise<AgentTree> {
  const pick = (n: number) => Math.floor(rnd() * n);
  const agent1 = (await must('consoleGetMe', undefined, options.agent1Token)).user_id as number;
  // agent1 keeps 70 to 100%, and no less than the agents an earlier run on this database made
  // below it (the server refuses less); 3 to 5 agents below it, each under an agent with room
  // (depth < 4).
  const floor = await largestChildFigure(must, options.agent1Token, agent1);
  const agent1Bp = Math.max(floor, FULL - pick(3_001));
  await must('agentSetAccountTerms', { user_id: agent1, partnership: agent1Bp / 100 }, options.adminToken);
  const plan: { parent: number; depth: number; partnershipBp: number }[] = [
    { parent: -1, depth: 1, partnershipBp: agent1Bp },
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
      partnershipBp: agent1Bp,
    },
  ];
  for (const [i, a] of plan.entries()) {
    if (i === 0) continue;
    const parent = agents[a.parent]!;
    const userName = `a${options.run}${i}`.slice(0, 20);
    // Its figure in force from its creation, before any bet of the run.
    const created = await must(
      'agentCreateUser',
      { user_name: userName, password: 'Agent@1234', role: 'agent', partnership: a.partnershipBp / 100 },
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
  return { agents, agentOf: (bettor) => bettorAgent[bettor]! };
}

/**
 * Midway: one agent's figure changes (within what its parent holds and its children keep), set by
 * its parent (the operator for agent1), and one bettor's rates, set by its agent; from now on.
 * Markets already bet on keep their split.
 */
export async function changeFigures(
  tree: AgentTree,
  bettors: readonly { userId: number; agent: number }[],
  adminToken: string,
  rnd: () => number,
  must: Must,
): Promise<string> {
  const agent = tree.agents[Math.floor(rnd() * tree.agents.length)]!;
  const parentToken = agent.parent === -1 ? adminToken : tree.agents[agent.parent]!.token;
  const hi = agent.parent === -1 ? FULL : tree.agents[agent.parent]!.partnershipBp;
  const before = agent.partnershipBp;
  // Its children's figures, an earlier run's agents included.
  const lo = await largestChildFigure(must, agent.token, agent.userId);
  const next = lo + Math.floor((hi - lo) * rnd());
  await must('agentSetAccountTerms', { user_id: agent.userId, partnership: next / 100 }, parentToken);
  agent.partnershipBp = next;
  const bettor = bettors[Math.floor(rnd() * bettors.length)]!;
  await must('agentSetAccountTerms', { user_id: bettor.userId, ...randomRates(rnd) }, tree.agents[bettor.agent]!.token);
  return `${agent.userName} ${before / 100}% -> ${next / 100}%, user ${bettor.userId}'s rates`;
}

/** The largest partnership (bp) of the agents directly under `userId`, as its downline shows them (every page); 0 without any. */
async function largestChildFigure(must: Must, token: string, userId: number): Promise<number> {
  let largest = 0;
  for (let page = 1; ; page++) {
    const { rows } = (await must('agentGetDownline', { parent_id: userId, page, limit: 100 }, token)) as {
      rows: { role: string; terms: { partnership: number | null } }[];
    };
    for (const r of rows)
      if (r.role === 'agent') largest = Math.max(largest, Math.round((r.terms.partnership ?? 0) * 100));
    if (rows.length < 100) return largest;
  }
}

/** A bettor's match, session and casino commission (percent, as agent/createUser takes them): none a quarter of the time each. */
export function randomRates(rnd: () => number) {
  const rate = (maxBp: number) => (rnd() < 0.25 ? 0 : 1 + Math.floor(rnd() * maxBp)) / 100;
  return { match_commission: rate(300), session_commission: rate(200), casino_commission: rate(300) };
}
