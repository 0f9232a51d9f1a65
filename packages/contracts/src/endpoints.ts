import { z } from 'zod';
import {
  CasinoSport,
  Cup,
  GetMatchesRequest,
  GetSeriesRequest,
  GetSportsRequest,
  Match,
  MatchDetail,
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
    summary: 'Change password; revokes every token of the user',
    body: ChangePasswordRequest,
    data: None,
  }),
  logout: def({
    method: 'POST',
    path: 'user/logout',
    auth: 'user',
    summary: 'Revoke the current token',
    body: LogoutRequest,
    data: None,
  }),
  getUserBalance: def({
    method: 'GET',
    path: 'user/getUserBalance',
    auth: 'user',
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
    summary: 'Sports, cricket (4) first, politics (2378961) next; hidden (-17) never listed',
    body: GetSportsRequest,
    data: z.array(Sport),
  }),
  getSeriesHeader: def({
    method: 'POST',
    path: 'series/getSeriesHeader',
    auth: 'user',
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
    summary: 'Matches by sport and/or series, in play first then by start time',
    body: GetMatchesRequest,
    data: z.array(Match),
  }),
  searchByMatchNameHeader: def({
    method: 'POST',
    path: 'match/searchByMatchNameHeader',
    auth: 'user',
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
    summary: "The caller's open exposure per match and market (rows in data.data)",
    body: None,
    data: ExposureDetail,
  }),
  getCupsForMenu: def({
    method: 'GET',
    path: 'match/getCupsForMenu',
    auth: 'user',
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
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type BodyOf<N extends EndpointName> = z.input<Endpoints[N]['body']>;
export type DataOf<N extends EndpointName> = z.output<Endpoints[N]['data']>;
