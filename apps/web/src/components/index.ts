export { Modal } from './modal';
export { PageFrame } from './page-frame';
export { LaterRelease } from './later-release';
export { Spinner } from './spinner';
export { SiteLogo } from './site-logo';
export { Pager } from './pager';
