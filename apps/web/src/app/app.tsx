import { RouterProvider } from 'react-router/dom';
import type { AppRouter } from './router';
import { AppProvider } from './provider';

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
