/**
 * Where features meet (ADR 29): a feature never imports another, so the pages that show more
 * than one feature's UI take it as props (slots), and this file fills them in.
 */
import { Outlet } from 'react-router';
import { logout } from '@/features/auth';
import { BetSlip, MatchBets } from '@/features/betslip';
import { LiveCardGamesMenu } from '@/features/casino';
import { MainLayout } from '@/features/layout';
import { MatchMarkets, OneClickBar, RunnersMarket } from '@/features/markets';
import { GameDetailsPage } from '@/features/matches';
import { NotificationBell, NotificationKindsSettings } from '@/features/notifications';
import { HorseRacingPage } from '@/features/racing';
import { RulesContent } from '@/features/rules';
import { RealityCheck } from '@/features/safer-gambling';
import { SettingsPage } from '@/features/settings';
import type { BettingSlots } from '@/lib/bet-slip';
import { getStoredUser } from '@/lib/storage';

/**
 * Every signed-in page, the casino's full-page game included: the reality check's reminder
 * comes wherever the bettor is, and its "Log out" is the app's logout. Not while the password
 * must be changed (the server answers nothing else then).
 */
export function SignedInArea() {
  const forced = getStoredUser()?.is_change_password === '1';
  return (
    <>
      <Outlet />
      {!forced && <RealityCheck onLogOut={() => void logout()} />}
    </>
  );
}

/**
 * Header, sidebar and page: the rules modal shows the rules, the header has the notifications'
 * bell, 'Others' lists the live card games.
 */
export function AppLayout() {
  return (
    <MainLayout
      rules={<RulesContent />}
      notifications={<NotificationBell />}
      cardGames={<LiveCardGamesMenu />}
      onSignOut={() => void logout()}
    />
  );
}

/** A phone's slip, opened under the runner or fancy line that was picked. */
const inlineSlip = <BetSlip inline />;

const betting: BettingSlots = {
  slip: <BetSlip />,
  myBets: (matchId) => <MatchBets matchId={matchId} />,
};

/** The match page with its ladders, the bet slip and my bets. */
export function MatchBettingPage() {
  return (
    <GameDetailsPage
      {...betting}
      markets={(match) => <MatchMarkets match={match} inlineSlip={inlineSlip} />}
    />
  );
}

/** A racing meeting's page with its race ladders, one-click betting, the bet slip and my bets. */
export function RaceBettingPage() {
  return (
    <HorseRacingPage
      {...betting}
      oneClickBar={<OneClickBar />}
      raceMarket={(market, matchId) => (
        <RunnersMarket market={market} matchId={matchId} rules="Horse Racing" inlineSlip={inlineSlip} />
      )}
    />
  );
}

/** The bettor's settings: the cash-out confirmation, and the notifications' kinds. */
export function BettorSettingsPage() {
  return <SettingsPage sections={<NotificationKindsSettings />} />;
}
