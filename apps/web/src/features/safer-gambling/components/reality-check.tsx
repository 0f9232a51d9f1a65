import { useEffect, useState } from 'react';
import { Modal } from '@/components';
import { useBalance } from '@/lib/balance';
import { useSaferGambling } from '@/lib/safer-gambling';
import { useSignedIn } from '@/lib/session';
import { LOCAL_KEYS, getStoredUser } from '@/lib/storage';
import {
  loginTime,
  netResultText,
  nextReminderAt,
  realityCheckIntervalMs,
  reminderAnchor,
  sessionLengthText,
} from '../lib/reality-check';

/**
 * The reminder itself: how long the session has lasted and its net result, "Continue" or "Log
 * out". The net result is the total balance now less the total balance at login (the login's
 * answer, kept in userinfo): bets and casino rounds settled since, and any deposit credited or
 * withdrawal asked for meanwhile. Open exposure is not counted: it is not won or lost yet.
 */
function RealityCheckDialog({
  shownAt,
  onContinue,
  onLogOut,
}: {
  shownAt: number;
  onContinue: () => void;
  onLogOut: () => void;
}) {
  const { data: balance } = useBalance(useSignedIn());
  const atLogin = getStoredUser()?.total_balance;
  const net = balance && typeof atLogin === 'number' ? balance.total_balance - atLogin : null;
  return (
    <Modal
      title="Reality check"
      onClose={onContinue}
      size="sm"
      testId="reality-check"
      footer={
        <>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={onLogOut}
            data-testid="reality-check-log-out"
          >
            Log out
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={onContinue}
            data-autofocus
            data-testid="reality-check-continue"
          >
            Continue
          </button>
        </>
      }
    >
      <p data-testid="reality-check-length">
        You have been playing for {sessionLengthText(shownAt - loginTime())}.
      </p>
      {net !== null && (
        <p data-testid="reality-check-net">
          Net result this session:{' '}
          <b className={net > 0 ? 'profit' : net < 0 ? 'loss' : undefined}>{netResultText(net)}</b>
        </p>
      )}
    </Modal>
  );
}

/**
 * The reality check (issue 25): while the bettor has one set, a reminder at each interval of the
 * session, counted from the login (then from the last "Continue"). Every tab of the session keeps
 * the same count: a "Continue" in one closes the reminder in the others.
 */
export function RealityCheck({ onLogOut }: { onLogOut: () => void }) {
  const signedIn = useSignedIn();
  const { data } = useSaferGambling(signedIn);
  const minutes = signedIn ? (data?.reality_check_minutes ?? null) : null;
  const intervalMs = minutes === null ? null : realityCheckIntervalMs(minutes);
  const [shownAt, setShownAt] = useState<number | null>(null);
  // A new count (a "Continue" here or in another tab) schedules the next reminder again.
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (intervalMs === null) return;
    const now = Date.now();
    const due = nextReminderAt(reminderAnchor(), intervalMs, now);
    const timer = setTimeout(() => setShownAt(Date.now()), due - now);
    return () => clearTimeout(timer);
  }, [intervalMs, count]);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== LOCAL_KEYS.realityCheckAt) return;
      setShownAt(null);
      setCount((c) => c + 1);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  if (intervalMs === null || shownAt === null) return null;
  const onContinue = () => {
    localStorage.setItem(LOCAL_KEYS.realityCheckAt, String(Date.now()));
    setShownAt(null);
    setCount((c) => c + 1);
  };
  return <RealityCheckDialog shownAt={shownAt} onContinue={onContinue} onLogOut={onLogOut} />;
}
