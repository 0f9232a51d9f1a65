/**
 * One-click betting's setting, remembered per user in this browser (local storage, like the
 * balance toggles): whether it is on, the stake a click places, and whether the user has read
 * the warning that turns it on the first time.
 */
import { getStoredUser, readJson, writeJson } from '@/lib/storage';

export interface OneClickSetting {
  on: boolean;
  /** Rupees: one of the user's stake buttons; null until one is chosen. */
  stake: number | null;
  /** The warning ("a click on a price places the bet at once") was accepted once. */
  warned: boolean;
}

export const ONE_CLICK_OFF: OneClickSetting = { on: false, stake: null, warned: false };

const keyOf = (userId: number) => `oneClick:${userId}`;

export function readOneClick(): OneClickSetting {
  const user = getStoredUser();
  const stored = user ? readJson<Partial<OneClickSetting>>(localStorage, keyOf(user.user_id)) : null;
  if (!stored) return ONE_CLICK_OFF;
  const stake = typeof stored.stake === 'number' && stored.stake > 0 ? stored.stake : null;
  return { on: stored.on === true && stake !== null, stake, warned: stored.warned === true };
}

export function writeOneClick(setting: OneClickSetting): void {
  const user = getStoredUser();
  if (user) writeJson(localStorage, keyOf(user.user_id), setting);
}
