/**
 * The table of every call: the single source of paths, methods, bodies and answers, one file per
 * area. The server registers routes and builds the OpenAPI document from it; the web client is
 * typed by it; the fuzz walks it.
 */
import type { z } from 'zod';
import { agentConsoleEndpoints, agentEndpoints } from './agent.ts';
import { betEndpoints, exposureEndpoints } from './bets.ts';
import { casinoEndpoints } from './casino.ts';
import { catalogEndpoints, cupEndpoints, racingEndpoints } from './catalog.ts';
import { consoleSessionEndpoints } from './console.ts';
import { marketDataEndpoints } from './market.ts';
import { operatorConsoleEndpoints, operatorMarketEndpoints, operatorVoidBetEndpoints } from './operator.ts';
import { accountTermsEndpoints, settlementEndpoints } from './partnership.ts';
import { agentPaymentEndpoints, paymentEndpoints } from './payments.ts';
import { profitLossEndpoints, statementEndpoints } from './reports.ts';
import { profileEndpoints, securityAuthEndpoints } from './security.ts';
import { notificationEndpoints } from './notifications.ts';
import { saferGamblingEndpoints } from './safer-gambling.ts';
import { exportEndpoints } from './exports.ts';
import { accountEndpoints, siteEndpoints } from './user.ts';

export type { Endpoint } from './endpoint.ts';

// The areas in the order their calls were added, not grouped: the routes, the OpenAPI document
// and the fuzz run in the table's key order, and the split into files changes none of them.
export const endpoints = {
  ...siteEndpoints,
  ...accountEndpoints,
  ...catalogEndpoints,
  ...exposureEndpoints,
  ...cupEndpoints,
  ...casinoEndpoints,
  ...racingEndpoints,
  ...statementEndpoints,
  ...betEndpoints,
  ...profitLossEndpoints,
  ...operatorMarketEndpoints,
  ...agentEndpoints,
  ...agentPaymentEndpoints,
  ...operatorVoidBetEndpoints,
  ...paymentEndpoints,
  ...securityAuthEndpoints,
  ...profileEndpoints,
  ...consoleSessionEndpoints,
  ...agentConsoleEndpoints,
  ...operatorConsoleEndpoints,
  ...settlementEndpoints,
  ...accountTermsEndpoints,
  ...notificationEndpoints,
  ...marketDataEndpoints,
  ...saferGamblingEndpoints,
  ...exportEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type BodyOf<N extends EndpointName> = z.input<Endpoints[N]['body']>;
export type DataOf<N extends EndpointName> = z.output<Endpoints[N]['data']>;
