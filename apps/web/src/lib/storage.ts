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
  /** Not the spec's: when this session logged in (ms), what the reality check counts from. */
  loginAt: 'loginAt',
  /** Not the spec's: when the bettor last answered the reality check's "Continue" (ms). */
  realityCheckAt: 'realityCheckAt',
} as const;
export const SESSION_KEYS = {
  exposureBalance: 'exposureBalance',
  /** Not the spec's: the game URLs this tab's casino launches returned (only those are framed). */
  launchedGames: 'launchedGames',
  /** Not the spec's: why this tab's last session ended, so the login page still says it after a reload. */
  logoutReason: 'logoutReason',
} as const;

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

/**
 * Where the API token lives: the spec's `usertoken` for the bettors' app. The console (ADR 36)
 * keeps its own, so a console session and a bettor session in one browser never mix.
 */
let tokenKey: string = LOCAL_KEYS.usertoken;
export function setTokenKey(key: string): void {
  tokenKey = key;
}

export function getToken(): string | null {
  return localStorage.getItem(tokenKey);
}

/** The user details stored at login (the `userinfo` key), as far as the web app reads them. */
export interface StoredUser {
  user_id: number;
  user_name: string;
  total_balance: number;
  liability: number;
  /** Absent in a userinfo stored by an older build. */
  available_balance?: number;
  is_change_password: '0' | '1';
  is_signup_user: '0' | '1';
  parent_id: number;
  security_auth_enabled?: '0' | '1';
}

export function getStoredUser(): StoredUser | null {
  return readJson<StoredUser>(localStorage, LOCAL_KEYS.userinfo);
}

/** parent_id as stored at login; null when absent. */
export function getStoredParentId(): string | null {
  return localStorage.getItem(LOCAL_KEYS.parent_id);
}
