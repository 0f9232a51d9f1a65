import { Suspense } from 'react';
import { Navigate, createHashRouter } from 'react-router';
import { RouteError, Spinner } from '@/components';
import { AccountStatementPage, ChangePasswordPage } from '@/features/account';
import { AuthLayout, LoginPage, SignUpPage } from '@/features/auth';
import { LadderPage } from '@/features/ladder';
import {
  CasinoGamePage,
  CasinoListPage,
  CasinoLobbyPage,
  CasinoResultPage,
  GameFramePage,
  LiveCasinoBetsPage,
  WorldCasinoPage,
} from '@/features/casino';
import { AllSportsPage, HomePage, MatchRedirect } from '@/features/matches';
import { DepositWithdrawPage, PaymentStatementPage } from '@/features/payments';
import { RulesPage } from '@/features/rules';
import { SaferGamblingPage } from '@/features/safer-gambling';
import { SecurityAuthPage, UserPage } from '@/features/security';
import { CurrentBetsPage, ProfitLossPage } from '@/features/reports';
import {
  AppLayout,
  BettorSettingsPage,
  MatchBettingPage,
  RaceBettingPage,
  SignedInArea,
} from './routes/composed-pages';
import { RequireSession, RootRedirect } from './routes/guards';


const signUp = (
  <Suspense fallback={<Spinner />}>
    <SignUpPage />
  </Suspense>
);

/** Every route of the spec's table (section 2), hash-based. */
export function createAppRouter() {
  return createHashRouter([
    {
      errorElement: <RouteError />,
      children: [
        { index: true, element: <RootRedirect /> },
        // '' : the authentication area.
        {
          element: <AuthLayout />,
          children: [
            { path: 'login', element: <LoginPage /> },
            { path: 'sign-up', element: signUp },
            // A sign-up link may carry one segment before it (e.g. an agent code).
            { path: ':ref/sign-up', element: signUp },
          ],
        },
        { path: 'page/rules', element: <RulesPage /> },
        {
          element: <RequireSession />,
          children: [
            {
              element: <SignedInArea />,
              children: [
                { path: 'casino/mac88/game', element: <GameFramePage /> },
                {
                  element: <AppLayout />,
                  children: [
                    { path: 'home', element: <HomePage /> },
                    { path: 'game-details/:sport_id/:match_id', element: <MatchBettingPage /> },
                    { path: 'ladder/:match_id/:market_id/:selection_id', element: <LadderPage /> },
                    { path: 'all-sports/:sport_id', element: <AllSportsPage /> },
                    { path: 'horse-racing/:match_id/:date', element: <RaceBettingPage /> },
                    { path: 'match/matchdetail/:match_id', element: <MatchRedirect /> },
                    { path: 'CM/MD/:match_id', element: <MatchRedirect /> },
                    { path: 'user', element: <UserPage /> },
                    {
                      path: 'report',
                      children: [
                        { index: true, element: <Navigate to="account-statement" replace /> },
                        { path: 'account-statement', element: <AccountStatementPage /> },
                        { path: 'payment-withdraw', element: <PaymentStatementPage /> },
                        { path: 'current-bet', element: <CurrentBetsPage /> },
                        { path: 'profit-loss', element: <ProfitLossPage /> },
                        { path: 'casino-result', element: <CasinoResultPage /> },
                        { path: 'live-casino-bets', element: <LiveCasinoBetsPage /> },
                      ],
                    },
                    {
                      path: 'casino',
                      children: [
                        { path: 'list/:series_id', element: <CasinoListPage /> },
                        { path: 'match/:match_id', element: <CasinoGamePage /> },
                        { path: 'mac88', element: <CasinoLobbyPage /> },
                      ],
                    },
                    {
                      path: 'setting',
                      children: [
                        { path: 'change-password', element: <ChangePasswordPage /> },
                        { path: 'd-w', element: <DepositWithdrawPage /> },
                        { path: 'preferences', element: <BettorSettingsPage /> },
                        { path: 'safer-gambling', element: <SaferGamblingPage /> },
                      ],
                    },
                    { path: 'security-auth', element: <SecurityAuthPage /> },
                    { path: 'world-casino', element: <WorldCasinoPage /> },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to="/home" replace /> },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
