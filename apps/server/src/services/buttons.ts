import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ButtonType, ButtonValue } from '@exchange/contracts';
import type { Db } from '../db/client.ts';
import { buttonValues, users } from '../db/schema/index.ts';

const label = (v: number) => (v >= 1000 && v % 1000 === 0 ? `${v / 1000}k` : String(v));
const defaults = (type: ButtonType, values: number[]): ButtonValue[] =>
  values.map((v) => ({ button_name: label(v), button_value: v, type }));

/** Stake buttons of a user who has saved none of that type. */
export const DEFAULT_BUTTONS: Record<ButtonType, ButtonValue[]> = {
  Game: defaults('Game', [100, 500, 1000, 5000, 10_000, 25_000, 50_000, 100_000, 200_000, 500_000]),
  Casino: defaults('Casino', [25, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 25_000]),
};

export async function buttonsOf(db: Db, userId: number): Promise<ButtonValue[]> {
  const rows = await db
    .select()
    .from(buttonValues)
    .where(eq(buttonValues.userId, userId))
    .orderBy(asc(buttonValues.type), asc(buttonValues.position));
  return (['Game', 'Casino'] as const).flatMap((type) => {
    const saved = rows.filter((r) => r.type === type);
    if (saved.length === 0) return DEFAULT_BUTTONS[type];
    return saved.map((r) => ({ button_name: r.buttonName, button_value: r.buttonValue, type }));
  });
}

/**
 * Replaces the user's buttons of each type present in `buttons`, keeping their order. Two saves
 * of one user would both delete, then both insert the same positions (a unique violation): the
 * user's row is locked first so they run one after the other, the last one winning whole. The
 * lock is NO KEY UPDATE, so bets and ledger rows that only reference the user are not held up.
 */
export async function replaceButtons(db: Db, userId: number, buttons: ButtonValue[]): Promise<void> {
  const types = [...new Set(buttons.map((b) => b.type))];
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    await tx.delete(buttonValues).where(and(eq(buttonValues.userId, userId), inArray(buttonValues.type, types)));
    await tx.insert(buttonValues).values(
      types.flatMap((type) =>
        buttons
          .filter((b) => b.type === type)
          .map((b, position) => ({ userId, type, position, buttonName: b.button_name, buttonValue: b.button_value })),
      ),
    );
  });
}
