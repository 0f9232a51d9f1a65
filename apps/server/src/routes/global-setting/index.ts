import type { FastifyInstance } from 'fastify';
import { getGlobalSettings } from '../../services/settings.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function globalSettingRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    getGlobalSetting: async () => ({ data: await getGlobalSettings(app.db) }),
  });
}
