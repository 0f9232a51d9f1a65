export { MarketsPage } from './markets-page';
