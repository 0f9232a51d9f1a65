import type { FastifyInstance } from 'fastify';
import { auditActor } from '../../services/audit/index.ts';
import {
  operatorMatches,
  operatorSeries,
  operatorSports,
  saveMatch,
  saveRace,
  saveSeries,
  saveSport,
} from '../../services/catalog-admin.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function catalogRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    operatorGetSports: async () => ({ data: await operatorSports(app.db) }),
    operatorSaveSport: async ({ body, user, request }) => ({
      data: await saveSport(app.db, auditActor(user, request, app.clock()), body),
      message: body.create ? 'Sport created' : 'Sport saved',
    }),
    operatorGetSeries: async ({ body }) => ({ data: await operatorSeries(app.db, body.sport_id) }),
    operatorSaveSeries: async ({ body, user, request }) => ({
      data: await saveSeries(app.db, auditActor(user, request, app.clock()), body),
      message: body.series_id === undefined ? 'Series created' : 'Series saved',
    }),
    operatorGetMatches: async ({ body }) => ({ data: await operatorMatches(app.db, body, app.clock()) }),
    operatorSaveMatch: async ({ body, user, request }) => ({
      data: await saveMatch(app, auditActor(user, request, app.clock()), body),
      message: body.match_id === undefined ? 'Match created' : 'Match saved',
    }),
    operatorSaveRace: async ({ body, user, request }) => ({
      data: await saveRace(app.db, auditActor(user, request, app.clock()), body),
      message: body.race_id === undefined ? 'Race created' : 'Race saved',
    }),
  });
}
