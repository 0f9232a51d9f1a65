export { RulesContent } from './components/rules-content';
export { RulesPage } from './components/rules-page';
