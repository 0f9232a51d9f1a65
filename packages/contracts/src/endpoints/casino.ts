/** The casino: its sections and games, launching a game, its results and the caller's rounds. */
import { z } from 'zod';
import {
  CasinoGameList,
  CasinoResultPage,
  CasinoResultRequest,
  LaunchGameAnswer,
  LaunchGameRequest,
  LiveCasinoBetsPage,
  LiveCasinoBetsRequest,
} from '../casino-platform.ts';
import { CasinoSport } from '../catalog.ts';
import { def, None } from './endpoint.ts';

export const casinoEndpoints = {
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
} as const;
