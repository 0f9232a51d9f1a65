export { CASINO_MAX_BET_PAISE, CASINO_MAX_ROUND_STAKE_PAISE, LAUNCH_TOKEN_IDLE_MS, LAUNCH_TOKEN_MAX_MS, allowedGameUrl, casinoConfigFromEnv, gameOrigins, type CasinoConfig } from './config.ts';
export { lobbyGames, operatorCasinoGames, refuseIfGameOff, setCasinoGame } from './games.ts';
export { checkLaunchToken, launchGame, touchLaunchToken } from './launch.ts';
export { CasinoProviderClient, providerUnavailable } from './provider-client.ts';
export { liveCasinoBets } from './reports.ts';
export { casinoResults } from './results.ts';
export { CasinoWallet } from './wallet.ts';
