/** What there is to bet on: sports, series, matches, cups and racing venues. */
import { z } from 'zod';
import {
  Cup,
  GetMatchesRequest,
  GetSeriesRequest,
  GetSportsRequest,
  MatchDetail,
  MatchDetailRequest,
  MatchListItem,
  SearchRequest,
  SearchResultGroup,
  Series,
  SeriesHeaderRequest,
  SeriesHeaderSport,
  Sport,
  VenueList,
  VenueListRequest,
} from '../catalog.ts';
import { def, None } from './endpoint.ts';

export const catalogEndpoints = {
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
    poll: true,
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
} as const;

export const cupEndpoints = {
  getCupsForMenu: def({
    method: 'GET',
    path: 'match/getCupsForMenu',
    auth: 'user',
    beforePasswordChange: true,
    summary: 'Cups (featured tournaments) for the menu',
    body: None,
    data: z.array(Cup),
  }),
} as const;

export const racingEndpoints = {
  getMatchVenueListByCountryCodeSportId: def({
    method: 'POST',
    path: 'match/getMatchVenueListByCountryCodeSportId',
    auth: 'user',
    summary: 'Racing venues of a day with their race times, by country',
    body: VenueListRequest,
    data: VenueList,
  }),
} as const;
