import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, RouterProvider, createHashRouter } from 'react-router';
import { Toaster } from 'sonner';
import { RouteError } from '@/components';
import { TOAST_DURATION_MS } from '@/lib/constants';
import { queryClient } from '@/lib/query-client';
import { ChangePasswordPage, LoginPage } from './features/auth';
import { ConsoleShell } from './layout/shell';
import { isOperator, useConsoleUser } from './lib/session';
import { AGENT_ROUTES } from './routes/agent-routes';
import { OPERATOR_ROUTES, preloadOperatorPages } from './routes/operator-routes';

/** Without requestIdleCallback (older Safari), or when the browser is never idle: preload after this. */
const IDLE_FALLBACK_MS = 2_000;

/** Signed-in screens: to the login without a session, to the password change while one is due. */
function RequireConsoleSession() {
  const user = useConsoleUser();
  const operator = isOperator(user);
  // The operator's screens' code, loaded when the browser has nothing else to do (ADR 43).
  useEffect(() => {
    if (!operator) return;
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(preloadOperatorPages, IDLE_FALLBACK_MS);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(preloadOperatorPages, { timeout: IDLE_FALLBACK_MS });
    return () => cancelIdleCallback(idle);
  }, [operator]);
  if (!user) return <Navigate to="/login" replace />;
  if (user.is_change_password === '1') return <Navigate to="/change-password" replace />;
  return <Outlet />;
}

/** Operator screens: an agent who follows a link to one lands on the dashboard. */
function RequireOperator() {
  const user = useConsoleUser();
  return isOperator(user) ? <Outlet /> : <Navigate to="/" replace />;
}

const router = createHashRouter([
  {
    errorElement: <RouteError home="/" />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'change-password', element: <ChangePasswordPage /> },
      {
        element: <RequireConsoleSession />,
        children: [
          {
            element: <ConsoleShell agentRoutes={AGENT_ROUTES} operatorRoutes={OPERATOR_ROUTES} />,
            children: [
              ...AGENT_ROUTES.map((r) => ({ path: r.path, element: r.element })),
              { element: <RequireOperator />, children: OPERATOR_ROUTES.map((r) => ({ path: r.path, element: r.element })) },
              { path: '*', element: <Navigate to="/" replace /> },
            ],
          },
        ],
      },
    ],
  },
]);

export function ConsoleApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="top-center" duration={TOAST_DURATION_MS * 3} closeButton richColors />
    </QueryClientProvider>
  );
}
