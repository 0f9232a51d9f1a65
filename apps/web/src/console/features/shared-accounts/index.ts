export { SharedAccountsPage } from './shared-accounts-page';
