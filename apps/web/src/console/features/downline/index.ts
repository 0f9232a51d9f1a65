export { DownlinePage } from './downline-page';
export { UserPage } from './user-page';
