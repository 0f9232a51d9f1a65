export { MainLayout } from './components/main-layout';
