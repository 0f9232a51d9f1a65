export { ResultsPage } from './results-page';
