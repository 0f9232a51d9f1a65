/**
 * The console's agent-side reads and its sign-in (ADR 36). Routes use this surface; every read
 * covers the caller's downline only (services/downline.ts).
 */
export { agentDashboard, type DashboardServices } from './dashboard.ts';
export { agentMarketBook, type BookServices } from './market-book.ts';
export { consoleLogIn, consoleMe } from './sign-in.ts';
