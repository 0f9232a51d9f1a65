export { MainLayout, type LayoutSlots } from './components/main-layout';
