import type { FastifyInstance } from 'fastify';
import { cupsForMenu, listMatches, matchDetail, searchMatches, venueList } from '../../services/catalog.ts';
import { istDate } from '@exchange/contracts';
import { withMatchOdds } from '../../services/betting/index.ts';
import { matchMarkets } from '../../services/betting/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function matchRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    getMatches: async ({ body }) => ({
      data: await withMatchOdds(
        app.betting,
        await listMatches(app.db, { sportId: body.sport_id, seriesId: body.series_id, isActive: body.is_active }, app.clock()),
      ),
    }),
    searchByMatchNameHeader: async ({ body }) => ({ data: await searchMatches(app.db, body.search, app.clock()) }),
    getMatchDetail: async ({ body, user }) => {
      const detail = await matchDetail(app.db, body.match_id, app.clock());
      return { data: { ...detail, markets: await matchMarkets(app.betting, body.match_id, user.userId) } };
    },
    getCupsForMenu: async () => ({ data: await cupsForMenu(app.db) }),
    getMatchVenueListByCountryCodeSportId: async ({ body }) => ({
      data: await venueList(app.db, { sportId: body.sport_id, day: body.date ?? istDate(app.clock()), country: body.country }, app.clock()),
    }),
  });
}
