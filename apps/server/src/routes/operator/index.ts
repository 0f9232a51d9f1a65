import type { FastifyInstance } from 'fastify';
import type { EndpointRegistry } from '../endpoint.ts';
import auditRoutes from './audit.ts';
import catalogRoutes from './catalog.ts';
import marketRoutes from './markets.ts';
import siteRoutes from './site.ts';

/** The operator's calls (role root): markets and results, the catalog, the site, the audit log. */
export default function operatorRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  marketRoutes(app, registry);
  catalogRoutes(app, registry);
  siteRoutes(app, registry);
  auditRoutes(app, registry);
}
