/**
 * The back-office console's calls (ADR 36): what agents and the operator read and do at
 * `/console/`. Agent calls (role 'agent': an agent or the root) see only the caller's downline;
 * operator calls (role 'root') run the catalog, the markets, the results and the site. Every
 * operator call that changes something writes one audit row (who, when, what, before, after).
 */
import { z } from 'zod';
import { DeclareResultRequest, MarketKind, MarketStatus, MarketType } from './betting.ts';
import { CasinoCategory } from './casino.ts';
import { Day, Flag, IdLike, Int4, IsoDate, Rupees } from './common.ts';
import { GlobalSettings } from './settings.ts';
import { LoginRequest } from './user.ts';

const Page = z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').max(100_000, 'Page is too large').default(1);
const Limit = z.coerce.number().int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(20);
const Search = z.string().trim().max(50, 'Search is too long').optional();

// ---- sign-in ---------------------------------------------------------------------------------

export const CONSOLE_ROLES = ['root', 'agent'] as const;
export const ConsoleRole = z.enum(CONSOLE_ROLES);
export type ConsoleRole = z.infer<typeof ConsoleRole>;

/** console/login: the bettor login's fields (with the security-auth code); a bettor is refused (403 CONSOLE_FOR_AGENTS) and gets no session. */
export const ConsoleLoginRequest = LoginRequest;

/** Who is signed in to the console (console/login, console/getMe). */
export const ConsoleUser = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  role: ConsoleRole,
  /** -1 for the root. */
  parent_id: z.number().int(),
  balance: Rupees,
  exposure: Rupees,
  available: Rupees,
  is_change_password: Flag,
  security_auth_enabled: Flag,
});
export type ConsoleUser = z.infer<typeof ConsoleUser>;

export const ConsoleLogin = ConsoleUser.extend({ usertoken: z.string() });
export type ConsoleLogin = z.infer<typeof ConsoleLogin>;

// ---- dashboard -------------------------------------------------------------------------------

/**
 * What the house (the caller and its upline) won or lost in a period on one sport or on the
 * casino: the downline's losses less its wins, after commission. Positive: the house won.
 */
export const HousePnlRow = z.object({
  /** 'sport:4' or 'casino'. */
  key: z.string(),
  label: z.string(),
  kind: z.enum(['sport', 'casino']),
  house_pnl: Rupees,
});
export type HousePnlRow = z.infer<typeof HousePnlRow>;

export const HousePnl = z.object({
  /** IST days, inclusive. */
  from_date: Day,
  to_date: Day,
  rows: z.array(HousePnlRow),
  total: Rupees,
});
export type HousePnl = z.infer<typeof HousePnl>;

export const ExposedMarket = z.object({
  market_id: z.number().int(),
  match_id: z.number().int(),
  sport_name: z.string(),
  match_name: z.string(),
  market_name: z.string(),
  kind: MarketKind,
  status: MarketStatus,
  /** The downline's liability on the market (a positive number). */
  exposure: Rupees,
  /** Downline users with a position. */
  users: z.number().int(),
});
export type ExposedMarket = z.infer<typeof ExposedMarket>;

export const Dashboard = z.object({
  /** The caller's own account. */
  own: z.object({ balance: Rupees, exposure: Rupees, available: Rupees }),
  /** Sums over the whole downline (every depth, the caller excluded). */
  downline: z.object({
    users: z.number().int(),
    agents: z.number().int(),
    balance: Rupees,
    exposure: Rupees,
    available: Rupees,
  }),
  /** Today (IST) and this week (Monday to today, IST). */
  today: HousePnl,
  week: HousePnl,
  pending_payments: z.object({
    deposits: z.number().int(),
    deposit_amount: Rupees,
    withdrawals: z.number().int(),
    withdrawal_amount: Rupees,
  }),
  /** Open markets with the downline's largest exposure, largest first (at most 10). */
  top_markets: z.array(ExposedMarket),
});
export type Dashboard = z.infer<typeof Dashboard>;

// ---- market analysis ("book") ------------------------------------------------------------------

export const MarketBookRequest = z
  .object({
    /** One market; absent (and no match_id): every open market where the downline has a position. */
    market_id: IdLike.optional(),
    /** Every market of one match, in one call (the console's markets screen, ADR 43). */
    match_id: IdLike.optional(),
  })
  .refine((v) => v.market_id === undefined || v.match_id === undefined, {
    path: ['match_id'],
    message: 'Give a market or a match, not both',
  });

export const BookRunner = z.object({
  selection_id: z.number().int(),
  name: z.string(),
  status: z.string(),
  /** What the house wins (negative: loses) if this runner wins: minus the downline's combined position. */
  house_pnl: Rupees,
});

/** Fancy: what the house wins or loses for run totals from `from_runs` up to the next row's. */
export const BookFancyRow = z.object({ from_runs: z.number().int(), house_pnl: Rupees });

export const MarketBook = ExposedMarket.extend({
  market_type: MarketType,
  runners: z.array(BookRunner),
  fancy: z.array(BookFancyRow),
});
export type MarketBook = z.infer<typeof MarketBook>;

// ---- downline --------------------------------------------------------------------------------

/** A downline user's P&L per settled market (the bettor's own report shape). */
export const AgentUserProfitLossRequest = z
  .object({ user_id: IdLike, from_date: Day, to_date: Day })
  .refine((v) => v.from_date <= v.to_date, { path: ['to_date'], message: 'From date must not be after to date' });

// ---- shared accounts (ADR 41) ------------------------------------------------------------------

/** What two accounts share: a mobile number, or a client address (of a sign-up or a login). */
export const SHARED_BY = ['mobile', 'address'] as const;
export const SharedBy = z.enum(SHARED_BY, { error: 'by must be mobile or address' });
export type SharedBy = z.infer<typeof SharedBy>;

/** Logins counted for the address report: the last this many days (sign-up addresses always count). */
export const SHARED_ADDRESS_DAYS = 30;
/** Members listed per group; `user_count` says how many there are. */
export const SHARED_GROUP_MEMBERS = 50;

export const SharedAccountsRequest = z.object({
  by: SharedBy,
  page: Page,
  limit: Limit,
});
export type SharedAccountsRequest = z.input<typeof SharedAccountsRequest>;

export const SharedAccountMember = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  role: z.enum(['agent', 'user']),
  /** The agent the account is under. */
  parent_name: z.string(),
  /** Dial code and number as given (null when none was). */
  mobile: z.string().nullable(),
  created_at: IsoDate,
  login_locked: z.boolean(),
  bet_locked: z.boolean(),
  /** Address groups: the account was signed up from this address. */
  signed_up_here: z.boolean(),
  /** Address groups: its logins from this address in the period. */
  logins: z.number().int(),
  /** When the account was last seen at this address (address groups) or last logged in (mobile groups); null: never. */
  last_seen_at: IsoDate.nullable(),
});
export type SharedAccountMember = z.infer<typeof SharedAccountMember>;

export const SharedAccountGroup = z.object({
  /** The shared address, or the mobile number without trunk zeros. */
  key: z.string(),
  user_count: z.number().int(),
  /** The first SHARED_GROUP_MEMBERS, the most recently seen first. */
  users: z.array(SharedAccountMember),
});
export type SharedAccountGroup = z.infer<typeof SharedAccountGroup>;

/** Groups of two or more of the caller's downline accounts, the most recently seen first. */
export const SharedAccountsPage = z.object({
  by: SharedBy,
  /** Address groups count logins of this many last days. */
  days: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  groups: z.array(SharedAccountGroup),
});
export type SharedAccountsPage = z.infer<typeof SharedAccountsPage>;

// ---- catalog (operator) ----------------------------------------------------------------------

export const OperatorSport = z.object({
  sport_id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  order: z.number().int(),
  series: z.number().int(),
  matches: z.number().int(),
});
export type OperatorSport = z.infer<typeof OperatorSport>;

const CatalogName = (what: string) => z.string().trim().min(1, `${what} is required`).max(120, `${what} is too long`);

/** Edit a sport (name, shown or hidden, order); a new sport names its id. */
export const SaveSportRequest = z.object({
  sport_id: IdLike,
  /** true: a new sport with this id (409 CATALOG_CONFLICT when the id is taken); else an edit (404 when unknown). */
  create: z.boolean({ error: 'create must be true or false' }).optional(),
  name: CatalogName('Name'),
  is_active: z.boolean({ error: 'is_active must be true or false' }),
  order: Int4.min(0),
});

export const OperatorSeriesRequest = z.object({ sport_id: IdLike });
export const OperatorSeries = z.object({
  series_id: z.number().int(),
  sport_id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  matches: z.number().int(),
});
export type OperatorSeries = z.infer<typeof OperatorSeries>;

/** No series_id: a new series under the sport. */
export const SaveSeriesRequest = z.object({
  series_id: IdLike.optional(),
  sport_id: IdLike,
  name: CatalogName('Name'),
  is_active: z.boolean({ error: 'is_active must be true or false' }),
});

export const OperatorMatchesRequest = z.object({
  /** Only this match, finished or not (a screen opened at one match, e.g. its markets). */
  match_id: IdLike.optional(),
  sport_id: IdLike.optional(),
  series_id: IdLike.optional(),
  search: Search,
  /** Also matches whose start is long past and every market settled (default false). */
  include_finished: z.boolean().optional(),
  page: Page,
  limit: Limit,
});
export type OperatorMatchesRequest = z.input<typeof OperatorMatchesRequest>;

export const OperatorMatch = z.object({
  match_id: z.number().int(),
  series_id: z.number().int(),
  series_name: z.string(),
  sport_id: z.number().int(),
  sport_name: z.string(),
  match_name: z.string(),
  start_time: IsoDate,
  in_play: z.boolean(),
  is_active: z.boolean(),
  venue: z.string().nullable(),
  /** Markets not yet settled. */
  open_markets: z.number().int(),
  /** Racing: the meeting's races. */
  races: z.array(z.object({ race_id: z.number().int(), name: z.string(), start_time: IsoDate })),
});
export type OperatorMatch = z.infer<typeof OperatorMatch>;

export const OperatorMatchesPage = z.object({
  rows: z.array(OperatorMatch),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type OperatorMatchesPage = z.infer<typeof OperatorMatchesPage>;

/** No match_id: a new match (or racing meeting) in the series. */
export const SaveMatchRequest = z.object({
  match_id: IdLike.optional(),
  series_id: IdLike,
  match_name: CatalogName('Match name'),
  /** ISO 8601 with an offset or Z. */
  start_time: z.iso.datetime({ offset: true, error: 'Start time must be an ISO date and time' }),
  is_active: z.boolean({ error: 'is_active must be true or false' }),
  in_play: z.boolean({ error: 'in_play must be true or false' }).optional(),
  venue: z.string().trim().max(120, 'Venue is too long').optional(),
});

/** No race_id: a new race in the meeting (a racing match). */
export const SaveRaceRequest = z.object({
  race_id: IdLike.optional(),
  match_id: IdLike,
  name: CatalogName('Race name'),
  start_time: z.iso.datetime({ offset: true, error: 'Start time must be an ISO date and time' }),
});
export const OperatorRace = z.object({ race_id: z.number().int(), match_id: z.number().int(), name: z.string(), start_time: IsoDate });
export type OperatorRace = z.infer<typeof OperatorRace>;

// ---- markets (operator) ----------------------------------------------------------------------

const PositiveRupees = Rupees.refine((v) => v > 0, 'Must be more than 0');

/** Limits, bet delay and commission of a market; only the fields given change. */
export const UpdateMarketRequest = z
  .object({
    market_id: IdLike,
    name: CatalogName('Name').optional(),
    min_stake: PositiveRupees.optional(),
    max_stake: PositiveRupees.optional(),
    max_profit: PositiveRupees.optional(),
    bet_delay_ms: z.number().int().min(0).max(60_000).optional(),
    commission_percent: z
      .number()
      .min(0)
      .max(100)
      .refine((v) => Number(v.toFixed(2)) === v, 'At most 2 decimals')
      .optional(),
  })
  .refine((v) => Object.keys(v).length > 1, 'Give at least one field to change');

/** What a declaration, a void or a rollback would do, before it is done. */
export const SettlementPreviewRequest = z.discriminatedUnion('action', [
  DeclareResultRequest.extend({ action: z.literal('declare') }),
  z.object({ action: z.literal('void'), market_id: IdLike }),
  z.object({ action: z.literal('rollback'), market_id: IdLike }),
]);
export type SettlementPreviewRequest = z.input<typeof SettlementPreviewRequest>;

export const SettlementPreview = z.object({
  market_id: z.number().int(),
  action: z.enum(['declare', 'void', 'rollback']),
  /** Users whose balance would change. */
  users: z.number().int(),
  winners: z.number().int(),
  losers: z.number().int(),
  /** Sum of what is paid to winners (rollback: what is taken back from them). */
  paid_to_winners: Rupees,
  /** Sum of what losers lose (rollback: what is given back to them). */
  taken_from_losers: Rupees,
  commission: Rupees,
  /** What the house wins (negative: pays) with this action. */
  house_net: Rupees,
  /** Exposure released (declare, void) or reserved again (rollback). */
  exposure: Rupees,
  /** Unmatched bets that would be cancelled. */
  unmatched_bets: z.number().int(),
});
export type SettlementPreview = z.infer<typeof SettlementPreview>;

/** Bets of a market for the operator (to void one for a rules breach, ADR 35). */
export const OperatorMarketBetsRequest = z.object({
  market_id: IdLike,
  search: Search,
  page: Page,
  limit: Limit,
});
export const OperatorBet = z.object({
  bet_id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  selection_name: z.string(),
  side: z.string(),
  price: z.number(),
  line: z.number().int().nullable(),
  stake: Rupees,
  matched: Rupees,
  status: z.string(),
  outcome: z.string().nullable(),
  pnl: Rupees.nullable(),
  voided: z.boolean(),
  ip: z.string().nullable(),
  placed_at: IsoDate,
});
export type OperatorBet = z.infer<typeof OperatorBet>;
export const OperatorBetsPage = z.object({
  rows: z.array(OperatorBet),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type OperatorBetsPage = z.infer<typeof OperatorBetsPage>;

// ---- site (operator) -------------------------------------------------------------------------

const Colour = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be #rrggbb');
/** A picture: an https/relative URL or a data: URL of an image (at most 256 KB of text). */
const Picture = z
  .string()
  .trim()
  .max(256 * 1024, 'Picture is too large (at most 256 KB)')
  .refine((v) => /^(https?:\/\/|\/)[^\s]*$/.test(v) || /^data:image\/(png|jpeg|webp|svg\+xml|x-icon|vnd\.microsoft\.icon);base64,[A-Za-z0-9+/=]+$/.test(v), 'Give an image URL or a data:image URL');

/** Every field of the bettor's global settings; only those given change. */
export const SaveGlobalSettingsRequest = z
  .object({
    logo: Picture.optional(),
    favicon: Picture.optional(),
    site_title: z.string().trim().min(1, 'Title is required').max(80, 'Title is too long').optional(),
    site_message: z.string().trim().max(500, 'Site message is too long').optional(),
    payment_gateway: Flag.optional(),
    is_show_apk: Flag.optional(),
    bg_primary_color: Colour.optional(),
    bg_secondry_color: Colour.optional(),
    text_primary_color: Colour.optional(),
    text_secondry_color: Colour.optional(),
    other_color: Colour.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Give at least one setting to change');
export const SavedGlobalSettings = GlobalSettings;

export const OperatorCasinoGame = z.object({
  game_code: z.string(),
  name: z.string(),
  provider: z.string(),
  category: CasinoCategory,
  enabled: z.boolean(),
});
export type OperatorCasinoGame = z.infer<typeof OperatorCasinoGame>;
export const SetCasinoGameRequest = z.object({
  game_code: z.string().trim().min(1, 'Game code is required').max(40, 'Game code is too long'),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

// ---- audit log (operator) --------------------------------------------------------------------

export const AUDIT_ACTIONS = [
  'sport.save',
  'series.save',
  'match.save',
  'race.save',
  'market.create',
  'market.update',
  'market.status',
  'market.bookmaker_rates',
  'market.fancy_line',
  'market.remove_runner',
  'market.declare',
  'market.void',
  'market.rollback',
  'bet.void',
  'settings.save',
  'casino_game.set',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditLogRequest = z.object({
  action: AuditAction.optional(),
  /** Text in the target or the actor's name. */
  search: Search,
  from_date: Day.optional(),
  to_date: Day.optional(),
  page: Page,
  limit: Limit,
});
export type AuditLogRequest = z.input<typeof AuditLogRequest>;

export const AuditRow = z.object({
  id: z.number().int(),
  at: IsoDate,
  actor_id: z.number().int(),
  actor_name: z.string(),
  action: AuditAction,
  /** 'market', 'match', 'sport', 'series', 'race', 'bet', 'settings', 'casino_game'. */
  target_type: z.string(),
  target_id: z.string(),
  /** A sentence for the screen, e.g. "Declared India the winner of Match Odds, India v Australia". */
  summary: z.string(),
  /** The changed object's fields before and after (null: it did not exist / was not kept). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string(),
});
export type AuditRow = z.infer<typeof AuditRow>;

export const AuditLogPage = z.object({
  rows: z.array(AuditRow),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditLogPage = z.infer<typeof AuditLogPage>;
