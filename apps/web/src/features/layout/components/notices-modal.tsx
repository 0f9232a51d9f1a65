import { Modal } from '@/components';
import { formatIst } from '@/lib/format';
import { useSignedIn } from '@/lib/session';
import { getStoredUser } from '@/lib/storage';
import { useMarkNoticesSeen, useUnseenNotices } from '../api/notices';

/**
 * What the site tells a bettor once, on the next load after it happened (a voided bet, ADR 35):
 * every unseen notice in one dialog; OK (or closing it) marks them seen. Not asked while the
 * password must be changed first: the server refuses that session every other call.
 */
export function NoticesModal() {
  const signedIn = useSignedIn();
  const mustChangePassword = getStoredUser()?.is_change_password === '1';
  const { data: notices = [] } = useUnseenNotices(signedIn && !mustChangePassword);
  const markSeen = useMarkNoticesSeen();
  if (!signedIn || notices.length === 0) return null;
  const acknowledge = () => markSeen.mutate(notices.map((n) => n.id));
  return (
    <Modal
      title={notices.length === 1 ? 'Notice' : `Notices (${notices.length})`}
      onClose={acknowledge}
      testId="notices-modal"
      footer={
        <button type="button" className="btn btn--primary" onClick={acknowledge} data-testid="notices-ok">
          OK
        </button>
      }
    >
      <ul className="notices">
        {notices.map((n) => (
          <li key={n.id} className="notices__item" data-testid="notice">
            <time className="notices__time" dateTime={n.created_at}>
              {formatIst(n.created_at)}
            </time>
            <p className="notices__message">{n.message}</p>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
