/**
 * Set on the console page's <html data-app>: a string found only in the console's own code. The
 * bundle benchmark fails when a chunk of the bettors' first load holds it (ADR 36).
 */
export const CONSOLE_APP_MARKER = 'exchange-back-office-console';
