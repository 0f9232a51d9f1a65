import { z } from 'zod';
import {
  CasinoSport,
  Cup,
  GetMatchesRequest,
  GetSeriesRequest,
  GetSportsRequest,
  MatchDetail,
  MatchListItem,
  MatchDetailRequest,
  SearchRequest,
  SearchResultGroup,
  Series,
  SeriesHeaderRequest,
  SeriesHeaderSport,
  Sport,
  VenueList,
  VenueListRequest,
} from './catalog.ts';
import {
  CancelBetRequest,
  CancelledBet,
  CreateMarketRequest,
  CurrentBet,
  CurrentBetsRequest,
  DeclareResultRequest,
  MarketIdRequest,
  OperatorMarket,
  OperatorMarketsRequest,
  PlaceFancyBetRequest,
  PlaceMarketBetRequest,
  PlacedBet,
  ProfitLossReport,
  ProfitLossRequest,
  RemovedRunner,
  RemoveRunnerRequest,
  SetBookmakerRatesRequest,
  SetFancyLineRequest,
  SetMarketStatusRequest,
  SettledBet,
  SettledBetsRequest,
  SettlementSummary,
  StatusChange,
} from './betting.ts';
import {
  CasinoGameList,
  CasinoResultPage,
  CasinoResultRequest,
  LaunchGameAnswer,
  LaunchGameRequest,
  LiveCasinoBetsPage,
  LiveCasinoBetsRequest,
} from './casino-platform.ts';
import { ExposureDetail } from './exposure.ts';
import { GlobalSettings } from './settings.ts';
import { AccountStatementPage, AccountStatementRequest } from './statement.ts';
import {
  Balance,
  ChangePasswordRequest,
  LoginRequest,
  LogoutRequest,
  SetButtonValueRequest,
  SignupRequest,
  UserDetails,
} from './user.ts';

/**
 * One entry per call: the single source of paths, methods, bodies and answers. The server
 * registers routes and builds the OpenAPI document from it; the web client is typed by it.
 * Paths are relative to `/api/` and keep the spec's exact spelling.
 */
export interface Endpoint<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  /** 'public' needs no token; 'user' needs a valid bearer token. */
  auth: 'public' | 'user';
  /** Only callers of this role, checked with the token before the body is read (ADR 25). */
  role?: 'root';
  /**
   * Open to a session that must change its password first (`is_change_password` '1'): the
   * change-password page and the header around it. Every other call answers 403 (ADR 25).
   */
  beforePasswordChange?: true;
  summary: string;
  body: B;
  data: D;
}

// Keeps each entry's `auth` literal so handlers of 'user' endpoints are typed with a caller.
const def = <B extends z.ZodType, D extends z.ZodType, A extends Endpoint['auth']>(e: Endpoint<B, D> & { auth: A }) => e;
const None = z.undefined();

export const endpoints = {
  getGlobalSetting: def({
    method: 'GET',
    path: 'globalSetting/getGlobalSetting',
    auth: 'public',
    summary: 'Site look and switches: logo, message, title, colours, payment gateway',
    body: None,
    data: GlobalSettings,
  }),
  login: def({
    method: 'POST',
    path: 'user/login',
    auth: 'public',
    summary: 'Log in; returns the user details and a new usertoken',
    body: LoginRequest,
    data: UserDetails,
  }),
  signup: def({
    method: 'POST',
    path: 'user/signup',
    auth: 'public',
    summary: 'Create a sign-up user under the default agent and log it in',
    body: SignupRequest,
    data: UserDetails,
  }),
  changePassword: def({
    method: 'POST',
    path: 'user/changePassword',
    auth: 'user',
    beforePasswordChange: true,
    summary: 'Change password; revokes every token of the user',
    body: ChangePasswordRequest,
    data: None,
  }),
  logout: def({
    method: 'POST',
    path: 'user/logout',
    auth: 'user',
    beforePasswordChange: true,
    summary: 'Revoke the current token',
    body: LogoutRequest,
    data: None,
  }),
  getUserBalance: def({
    method: 'GET',
    path: 'user/getUserBalance',
    auth: 'user',
    beforePasswordChange: true,
    summary: 'Balance (sum of ledger postings) and liability (exposure)',
    body: None,
    data: Balance,
  }),
  getButtonValue: def({
    method: 'GET',
    path: 'user/getButtonValue',
    auth: 'user',
    summary: 'Stake buttons; data is a JSON string of [{button_name, button_value, type}]',
    body: None,
    data: z.string(),
  }),
  setButtonValue: def({
    method: 'POST',
    path: 'user/setButtonValue',
    auth: 'user',
    summary: 'Replace the stake buttons of the types sent (at most 10 per type)',
    body: SetButtonValueRequest,
    data: None,
  }),
  getSports: def({
    method: 'POST',
    path: 'sport/getSports',
    auth: 'user',
    beforePasswordChange: true,
    summary: 'Sports, cricket (4) first, politics (2378961) next; hidden (-17) never listed',
    body: GetSportsRequest,
    data: z.array(Sport),
  }),
  getSeriesHeader: def({
    method: 'POST',
    path: 'series/getSeriesHeader',
    auth: 'user',
    beforePasswordChange: true,
    summary: 'Sidebar tree: sport -> series -> matches',
    body: SeriesHeaderRequest,
    data: z.array(SeriesHeaderSport),
  }),
  getSeries: def({
    method: 'POST',
    path: 'series/getSeries',
    auth: 'user',
    summary: 'Series of a sport',
    body: GetSeriesRequest,
    data: z.array(Series),
  }),
  getMatches: def({
    method: 'POST',
    path: 'match/getMatches',
    auth: 'user',
    summary: 'Matches by sport and/or series, in play first then by start time, with Match Odds best back and lay',
    body: GetMatchesRequest,
    data: z.array(MatchListItem),
  }),
  searchByMatchNameHeader: def({
    method: 'POST',
    path: 'match/searchByMatchNameHeader',
    auth: 'user',
    beforePasswordChange: true,
    summary: 'Matches whose name contains the text, grouped by sport',
    body: SearchRequest,
    data: z.array(SearchResultGroup),
  }),
  getMatchDetail: def({
    method: 'POST',
    path: 'match/getMatchDetail',
    auth: 'user',
    summary: 'A match header with its markets',
    body: MatchDetailRequest,
    data: MatchDetail,
  }),
  getExposureDetail: def({
    method: 'GET',
    path: 'bet/getExposureDetail',
    auth: 'user',
    beforePasswordChange: true,
    summary: "The caller's open exposure per match and market (rows in data.data)",
    body: None,
    data: ExposureDetail,
  }),
  getCupsForMenu: def({
    method: 'GET',
    path: 'match/getCupsForMenu',
    auth: 'user',
    beforePasswordChange: true,
    summary: 'Cups (featured tournaments) for the menu',
    body: None,
    data: z.array(Cup),
  }),
  getCasinoSport: def({
    method: 'GET',
    path: 'casino/getCasinoSport',
    auth: 'user',
    summary: 'Casino sections and their order',
    body: None,
    data: z.array(CasinoSport),
  }),
  getCasinoGameList: def({
    method: 'GET',
    path: 'casino/getGameList',
    auth: 'user',
    summary: "The provider's static game list (about 50 games); images are under api/upload/image/ of this site",
    body: None,
    data: CasinoGameList,
  }),
  launchNewGame: def({
    method: 'POST',
    path: 'mac88/launchNewGame',
    auth: 'user',
    summary: "Launch a casino game (type 1 desktop, 3 mobile): the provider's one-time game URL in GameUrl",
    body: LaunchGameRequest,
    data: LaunchGameAnswer,
  }),
  getCasinoResult: def({
    method: 'POST',
    path: 'casino/getCasinoResult',
    auth: 'user',
    summary: "A casino game's finished rounds, newest first: cards, winner and fairness proof (date: an IST day)",
    body: CasinoResultRequest,
    data: CasinoResultPage,
  }),
  getLiveCasinoBets: def({
    method: 'POST',
    path: 'casino/getLiveCasinoBets',
    auth: 'user',
    summary: "The caller's casino rounds between two IST dates, newest first: bets, payouts and P&L per round",
    body: LiveCasinoBetsRequest,
    data: LiveCasinoBetsPage,
  }),
  getMatchVenueListByCountryCodeSportId: def({
    method: 'POST',
    path: 'match/getMatchVenueListByCountryCodeSportId',
    auth: 'user',
    summary: 'Racing venues of a day with their race times, by country',
    body: VenueListRequest,
    data: VenueList,
  }),
  getUserAccountStatementHistory: def({
    method: 'POST',
    path: 'accountStatement/getUserAccountStatementHistory',
    auth: 'user',
    summary: "The caller's ledger transfers between two IST dates, newest first, with the running balance",
    body: AccountStatementRequest,
    data: AccountStatementPage,
  }),
  placeMarketBet: def({
    method: 'POST',
    path: 'bet/placeMarketBet',
    auth: 'user',
    summary: 'Back or lay a runner of an exchange market (matched against other bettors) or a bookmaker market (against the house)',
    body: PlaceMarketBetRequest,
    data: PlacedBet,
  }),
  placeFancyBet: def({
    method: 'POST',
    path: 'bet/placeFancyBet',
    auth: 'user',
    summary: 'YES (is_back 1) or NO (is_back 0) on a fancy or binary line at the line and rate shown',
    body: PlaceFancyBetRequest,
    data: PlacedBet,
  }),
  cancelBet: def({
    method: 'POST',
    path: 'bet/cancelBet',
    auth: 'user',
    summary: "Cancel the unmatched rest of one of the caller's exchange bets; its reserved liability is released",
    body: CancelBetRequest,
    data: CancelledBet,
  }),
  getCurrentBets: def({
    method: 'POST',
    path: 'bet/getCurrentBets',
    auth: 'user',
    summary: "The caller's bets on markets not yet settled: matched, unmatched or all, newest first",
    body: CurrentBetsRequest,
    data: z.array(CurrentBet),
  }),
  getSettledBets: def({
    method: 'POST',
    path: 'bet/getSettledBets',
    auth: 'user',
    summary: "The caller's settled bets on one match, with each bet's result (won, lost, void) and P&L, newest first",
    body: SettledBetsRequest,
    data: z.array(SettledBet),
  }),
  getProfitLoss: def({
    method: 'POST',
    path: 'report/profitLoss',
    auth: 'user',
    summary: "The caller's net result per settled market between two IST dates, with totals per sport",
    body: ProfitLossRequest,
    data: ProfitLossReport,
  }),
  operatorGetMarkets: def({
    method: 'POST',
    path: 'operator/getMarkets',
    auth: 'user',
    role: 'root',
    summary: 'Operator (root only): markets of a match, or every market not yet settled',
    body: OperatorMarketsRequest,
    data: z.array(OperatorMarket),
  }),
  operatorCreateMarket: def({
    method: 'POST',
    path: 'operator/createMarket',
    auth: 'user',
    role: 'root',
    summary: 'Operator (root only): create an exchange, bookmaker or fancy/binary market on a match',
    body: CreateMarketRequest,
    data: OperatorMarket,
  }),
  operatorSetMarketStatus: def({
    method: 'POST',
    path: 'operator/setMarketStatus',
    auth: 'user',
    role: 'root',
    summary: 'Operator (root only): open, suspend, ball running or close a market, turn it in play; LAPSE bets lapse',
    body: SetMarketStatusRequest,
    data: StatusChange,
  }),
  operatorSetBookmakerRates: def({
    method: 'POST',
    path: 'operator/setBookmakerRates',
    auth: 'user',
    role: 'root',
    summary: "Operator (root only): a bookmaker market's back and lay rates per runner",
    body: SetBookmakerRatesRequest,
    data: OperatorMarket,
  }),
  operatorSetFancyLine: def({
    method: 'POST',
    path: 'operator/setFancyLine',
    auth: 'user',
    role: 'root',
    summary: "Operator (root only): a fancy or binary market's NO and YES line and rate",
    body: SetFancyLineRequest,
    data: OperatorMarket,
  }),
  operatorRemoveRunner: def({
    method: 'POST',
    path: 'operator/removeRunner',
    auth: 'user',
    role: 'root',
    summary: 'Operator (root only): a non-runner with its reduction factor; its bets void, unmatched lays cancelled per WIN 2.5% / PLACE 4.0%',
    body: RemoveRunnerRequest,
    data: RemovedRunner,
  }),
  operatorDeclareResult: def({
    method: 'POST',
    path: 'operator/declareResult',
    auth: 'user',
    role: 'root',
    summary: 'Operator (root only): declare winners (dead heat: more winners than places) or the run total, and settle the market',
    body: DeclareResultRequest,
    data: SettlementSummary,
  }),
  operatorVoidMarket: def({
    method: 'POST',
    path: 'operator/voidMarket',
    auth: 'user',
    role: 'root',
    summary: 'Operator (root only): void every bet of a market and release the liability',
    body: MarketIdRequest,
    data: SettlementSummary,
  }),
  operatorRollbackResult: def({
    method: 'POST',
    path: 'operator/rollbackResult',
    auth: 'user',
    role: 'root',
    summary: "Operator (root only): reverse a market's settlement with new postings and re-open its liability",
    body: MarketIdRequest,
    data: SettlementSummary,
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type BodyOf<N extends EndpointName> = z.input<Endpoints[N]['body']>;
export type DataOf<N extends EndpointName> = z.output<Endpoints[N]['data']>;
