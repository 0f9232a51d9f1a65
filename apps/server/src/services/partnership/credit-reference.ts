/**
 * The credit reference (ADR 48): what an agent gave a direct account on credit, kept as
 * `users.credit_limit_paise`. It moves no chips; the downline shows the account's P/L against it
 * (balance less credit reference).
 */
import { eq } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise } from '@exchange/engine';
import { users } from '../../db/schema/index.ts';
import { recordActivity, type RequestOrigin } from '../activity.ts';
import { rupeesText } from '../audit/index.ts';
import { directUser, type AgentCaller } from '../downline.ts';
import { accountOfUser } from '../money/index.ts';
import type { TermsServices } from './account-terms.ts';

/**
 * Sets a direct account's credit reference, in its activity log with the figure before and after
 * and the caller as the actor (the audit log is the operator's own, ADR 36).
 */
export async function setCreditReference(
  app: TermsServices,
  caller: AgentCaller,
  body: { user_id: number; credit_reference: number },
  origin?: RequestOrigin,
) {
  const account = await directUser(
    app.db,
    caller,
    body.user_id,
    "Only the account's own agent can set its credit reference",
  );
  const creditPaise = rupeesToPaise(body.credit_reference);
  const at = app.clock();
  const balancePaise = await app.db.transaction(async (tx) => {
    // The row lock orders concurrent changes, so the recorded "before" is the one replaced (NO KEY
    // UPDATE: it must not conflict with the key-share lock of a user being created under it).
    const [before] = await tx
      .select({ creditPaise: users.creditLimitPaise })
      .from(users)
      .where(eq(users.id, account.id))
      .for('no key update');
    await tx.update(users).set({ creditLimitPaise: creditPaise }).where(eq(users.id, account.id));
    const detail = `${rupeesText(paiseToRupees(before?.creditPaise ?? 0))} → ${rupeesText(body.credit_reference)}`;
    await recordActivity(
      tx,
      { userId: account.id, kind: 'CREDIT_REFERENCE_CHANGED', origin, detail, actorId: caller.userId },
      at,
    );
    return (await accountOfUser(tx, account.id)).balancePaise;
  });
  return {
    user_id: account.id,
    credit_reference: paiseToRupees(creditPaise),
    balance: paiseToRupees(balancePaise),
    client_pl: paiseToRupees(balancePaise - creditPaise),
  };
}
