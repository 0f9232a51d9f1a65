export { AccountStatementPage } from './components/account-statement-page';
export { ChangePasswordPage } from './components/change-password-page';
