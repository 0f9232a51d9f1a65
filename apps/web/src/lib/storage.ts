/**
 * The spec's storage keys (section 3). Local storage: userinfo, usertoken, logedIn, parent_id,
 * userId, globalData, testData, openWelcomePopup. Session storage: exposureBalance.
 */
export const LOCAL_KEYS = {
  userinfo: 'userinfo',
  usertoken: 'usertoken',
  logedIn: 'logedIn',
  parent_id: 'parent_id',
  userId: 'userId',
  globalData: 'globalData',
  testData: 'testData',
  openWelcomePopup: 'openWelcomePopup',
} as const;
export const SESSION_KEYS = { exposureBalance: 'exposureBalance' } as const;

export function readJson<T>(storage: Storage, key: string): T | null {
  const raw = storage.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value));
}

export function getToken(): string | null {
  return localStorage.getItem(LOCAL_KEYS.usertoken);
}
