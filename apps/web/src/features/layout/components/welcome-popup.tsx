import { Link } from 'react-router';
import { Modal } from '@/components';
import welcomeImage from '@/assets/phishing-warning.svg';

export const WELCOME_TITLE =
  'Beware Of Phishing Websites Before Login. Enable Security Auth To Secure Your ID.';

/** Shown once after a login that did not need a password change. */
export function WelcomePopup({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={WELCOME_TITLE} onClose={onClose} testId="welcome-popup">
      <img
        className="welcome__image"
        src={welcomeImage}
        alt="Check the site address before you log in; turn on Security Auth"
      />
      <p className="welcome__text">
        Log in only on this site's own address. Turn on{' '}
        <Link to="/security-auth" onClick={onClose}>
          Security Auth
        </Link>{' '}
        so nobody else can use your ID.
      </p>
    </Modal>
  );
}
