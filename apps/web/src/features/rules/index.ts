export { RulesContent } from './components/rules-content';
export { RulesPage } from './components/rules-page';
export { NO_RECORDS_TEXT, RULES_PANELS, type RulesPanel } from './content';
