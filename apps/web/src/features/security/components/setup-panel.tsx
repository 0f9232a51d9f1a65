import type { DataOf } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { groupSecret, qrImageSrc } from '../lib/security-auth';
import { CopyButton } from './copy-button';

export type Setup = DataOf<'securityAuthSetup'>;

/** The new secret as a QR code and as text, and the form for the first code from the app. */
export function SetupPanel({
  setup,
  codeForm,
  onCancel,
}: {
  setup: Setup;
  codeForm: ReactNode;
  onCancel: () => void;
}) {
  return (
    <div className="sec-setup" data-testid="security-auth-setup">
      <div className="sec-setup__qr">
        <img
          src={qrImageSrc(setup.qr_svg)}
          width={184}
          height={184}
          alt="QR code of your secret key: scan it with your authenticator app"
          data-testid="security-auth-qr"
        />
      </div>
      <div className="sec-setup__steps">
        <p>
          <strong>1.</strong> Open your authenticator app and scan this QR code.{' '}
          <a className="sec-open-app" href={setup.otpauth_url} data-testid="security-auth-open-app">
            On this phone? Open it in the app
          </a>
        </p>
        <p>
          <strong>2.</strong> Can't scan it? Add an account in the app by hand with this secret key (time
          based):
        </p>
        <div className="sec-secret">
          <code className="sec-secret__text" data-testid="security-auth-secret">
            {groupSecret(setup.secret)}
          </code>
          <CopyButton
            text={setup.secret}
            label="Copy key"
            done="Secret key copied"
            testId="security-auth-copy-secret"
          />
        </div>
        <p>
          <strong>3.</strong> Enter the code the app now shows to turn Security Auth on.
        </p>
        {codeForm}
        <button
          type="button"
          className="btn btn--small sec-cancel"
          onClick={onCancel}
          data-testid="security-auth-cancel"
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
