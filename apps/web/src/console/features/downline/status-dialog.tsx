import { useState } from 'react';
import { toast } from 'sonner';
import { Modal } from '@/components';
import { useSetUserStatus } from './api/set-user-status';

export interface Locks {
  user_id: number;
  user_name: string;
  login_locked: boolean;
  bet_locked: boolean;
}

/** What a change of locks does, in words, for the dialog to say before it is applied. */
export function lockChanges(from: Locks, to: Pick<Locks, 'login_locked' | 'bet_locked'>): string[] {
  const out: string[] = [];
  if (to.login_locked !== from.login_locked)
    out.push(
      to.login_locked
        ? `Lock login: ${from.user_name} is signed out at once and cannot sign in`
        : `Unlock login: ${from.user_name} can sign in again`,
    );
  if (to.bet_locked !== from.bet_locked)
    out.push(
      to.bet_locked ? 'Lock betting: no new bets (open bets stay)' : 'Unlock betting: bets are taken again',
    );
  return out;
}

/**
 * Lock or unlock a downline user's login and betting (agent/setUserStatus): the two switches as
 * they are, then what the change does, said before the one button that applies it.
 */
export function StatusDialog({ user, onClose }: { user: Locks; onClose: () => void }) {
  const [next, setNext] = useState({ login_locked: user.login_locked, bet_locked: user.bet_locked });
  const [busy, setBusy] = useState(false);
  const setUserStatus = useSetUserStatus();
  const changes = lockChanges(user, next);

  const apply = async () => {
    setBusy(true);
    try {
      const body = {
        user_id: user.user_id,
        ...(next.login_locked !== user.login_locked && { login_locked: next.login_locked }),
        ...(next.bet_locked !== user.bet_locked && { bet_locked: next.bet_locked }),
      };
      await setUserStatus.mutateAsync(body);
      toast.success(`${user.user_name}: ${changes.map((c) => c.split(':')[0]!.toLowerCase()).join(', ')}`);
      onClose();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The locks could not be changed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`Locks of ${user.user_name}`}
      onClose={onClose}
      size="sm"
      testId="status-dialog"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--danger"
            onClick={() => void apply()}
            disabled={busy || changes.length === 0}
            data-testid="status-apply"
          >
            {busy ? 'Working…' : changes.length === 1 ? changes[0]!.split(':')[0] : 'Apply'}
          </button>
        </>
      }
    >
      <div className="console-form">
        <label className="console-form__check">
          <input
            type="checkbox"
            checked={next.login_locked}
            onChange={(e) => setNext({ ...next, login_locked: e.target.checked })}
            data-testid="status-login-locked"
          />{' '}
          Login locked
        </label>
        <label className="console-form__check">
          <input
            type="checkbox"
            checked={next.bet_locked}
            onChange={(e) => setNext({ ...next, bet_locked: e.target.checked })}
            data-testid="status-bet-locked"
          />{' '}
          Betting locked
        </label>
        {changes.length === 0 ? (
          <p className="muted">Tick or untick a lock to change it.</p>
        ) : (
          <ul className="status-changes" data-testid="status-changes">
            {changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
