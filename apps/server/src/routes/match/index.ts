import type { FastifyInstance } from 'fastify';
import { cupsForMenu, listMatches, matchDetail, searchMatches, venueList } from '../../services/catalog.ts';
import { istDate } from '../../lib/time.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function matchRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    getMatches: async ({ body }) => ({
      data: await listMatches(app.db, { sportId: body.sport_id, seriesId: body.series_id, isActive: body.is_active }),
    }),
    searchByMatchNameHeader: async ({ body }) => ({ data: await searchMatches(app.db, body.search) }),
    getMatchDetail: async ({ body }) => ({ data: await matchDetail(app.db, body.match_id) }),
    getCupsForMenu: async () => ({ data: await cupsForMenu(app.db) }),
    getMatchVenueListByCountryCodeSportId: async ({ body }) => ({
      data: await venueList(app.db, { sportId: body.sport_id, day: body.date ?? istDate(app.clock()), country: body.country }),
    }),
  });
}
