import { Link } from 'react-router';
import { Modal } from '@/components';
import welcomeImage from '@/assets/phishing-warning.svg';
import { getStoredUser } from '@/lib/storage';

export const WELCOME_TITLE =
  'Beware Of Phishing Websites Before Login. Enable Security Auth To Secure Your ID.';

/**
 * Shown once after a login that did not need a password change. Its "Enable Security Auth" leads
 * to the security-auth page; a user who has it on is told so instead.
 */
export function WelcomePopup({ onClose }: { onClose: () => void }) {
  const secured = getStoredUser()?.security_auth_enabled === '1';
  return (
    <Modal title={WELCOME_TITLE} onClose={onClose} testId="welcome-popup">
      <img
        className="welcome__image"
        src={welcomeImage}
        alt="Check the site address before you log in; turn on Security Auth"
      />
      {secured ? (
        <p className="welcome__text">
          Log in only on this site's own address. Security Auth is on for your ID: nobody can log in without
          the code from your phone.
        </p>
      ) : (
        <p className="welcome__text">
          Log in only on this site's own address.{' '}
          <Link to="/security-auth" onClick={onClose} data-testid="welcome-security-auth">
            Enable Security Auth
          </Link>{' '}
          so nobody else can use your ID.
        </p>
      )}
    </Modal>
  );
}
