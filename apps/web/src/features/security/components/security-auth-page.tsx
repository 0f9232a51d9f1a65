import { OtpCode, type UserProfile } from '@exchange/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PageFrame, Spinner } from '@/components';
import { isRetryable } from '@/lib/api';
import { disableSecurityAuth, enableSecurityAuth, startSetup, useProfile } from '../api/security-auth';
import { BackupCodes } from './backup-codes';
import { CodeForm } from './code-form';
import { SetupPanel, type Setup } from './setup-panel';
import './security.css';

/** The first code confirms the app is set up; a backup code would prove nothing here. */
const appCode = (code: string) =>
  /^\d{6}$/.test(code.trim()) || 'Enter the 6-digit code from your authenticator app';

/** Disabling takes the app's code or a backup code (the contract's check, its words). */
const anyCode = (code: string) => {
  const checked = OtpCode.safeParse(code);
  return checked.success || (checked.error.issues[0]?.message ?? 'Enter the code');
};

/** Words for the codes a security-auth call can be refused with (the server's message otherwise). */
function refusalWords(code: string | undefined, message: string): string {
  switch (code) {
    case 'OTP_INVALID':
      return 'The code is not valid. Enter the code your app shows now (codes change every 30 seconds).';
    case 'SECURITY_AUTH_NOT_SET_UP':
      return 'The setup is no longer open. Start again.';
    default:
      return message;
  }
}

/**
 * Security Auth Verification (#/security-auth): off → a word on what it does and a Set Up button;
 * then the QR code, the secret in text and the first code; once on, the ten backup codes this one
 * time; on → the status and Disable with a code.
 */
export function SecurityAuthPage() {
  const profile = useProfile();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [startProblem, setStartProblem] = useState<string | null>(null);

  const start = async () => {
    setStarting(true);
    setStartProblem(null);
    const res = await startSetup();
    setStarting(false);
    if (res.ok) setSetup(res.data);
    else if (res.code === 'SECURITY_AUTH_ALREADY_ENABLED') void profile.refetch();
    else setStartProblem(res.message);
  };

  const enable = async (code: string) => {
    const res = await enableSecurityAuth(code);
    if (res.ok) {
      setSetup(null);
      setBackupCodes(res.data.backup_codes);
      toast.success('Security Auth is on');
      return null;
    }
    if (res.code === 'SECURITY_AUTH_NOT_SET_UP') setSetup(null);
    if (res.code === 'SECURITY_AUTH_NOT_SET_UP' || res.code === 'SECURITY_AUTH_ALREADY_ENABLED') {
      setStartProblem(refusalWords(res.code, res.message));
      void profile.refetch();
    }
    return refusalWords(res.code, res.message);
  };

  let body;
  if (backupCodes) {
    // Shown before anything else, even once the profile says "on": they are never shown again.
    body = <BackupCodes codes={backupCodes} onDone={() => setBackupCodes(null)} />;
  } else if (profile.isLoading) {
    body = <Spinner label="Loading" />;
  } else if (profile.isError || !profile.data) {
    body = (
      <p className="field__error" data-testid="security-auth-load-error">
        {profile.error?.message ?? 'Could not load your security status'}{' '}
        {isRetryable(profile.error) && (
          <button type="button" className="btn btn--small" onClick={() => void profile.refetch()}>
            Retry
          </button>
        )}
      </p>
    );
  } else if (profile.data.security_auth_enabled === '1') {
    body = <EnabledPanel profile={profile.data} />;
  } else if (setup) {
    body = (
      <SetupPanel
        setup={setup}
        onCancel={() => setSetup(null)}
        codeForm={
          <CodeForm
            validate={appCode}
            label="Code from the app"
            hint="Enter the 6-digit code your app shows for this site."
            submitLabel="Enable"
            busyLabel="Enabling…"
            digitsOnly
            onCode={enable}
            testId="security-auth-enable"
          />
        }
      />
    );
  } else {
    body = <Intro starting={starting} problem={startProblem} onStart={() => void start()} />;
  }

  return (
    <PageFrame title="Security Auth Verification" testId="security-auth-page">
      <div className="sec-page">{body}</div>
    </PageFrame>
  );
}

function Intro({
  starting,
  problem,
  onStart,
}: {
  starting: boolean;
  problem: string | null;
  onStart: () => void;
}) {
  return (
    <div className="sec-intro" data-testid="security-auth-off">
      <p className="sec-status">
        Status: <span className="sec-badge sec-badge--off">Off</span>
      </p>
      <p>
        With Security Auth on, logging in needs your password <strong>and</strong> a 6-digit code from an
        authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Authy or any other).
        Someone who learns your password still cannot use your ID.
      </p>
      <ol className="sec-steps">
        <li>Install an authenticator app on your phone.</li>
        <li>Scan the QR code we show you, or type the secret key into the app.</li>
        <li>Enter the code the app shows, then save your backup codes.</li>
      </ol>
      {problem && (
        <p className="field__error" role="alert" data-testid="security-auth-start-error">
          {problem}
        </p>
      )}
      <button
        type="button"
        className="btn btn--primary"
        onClick={onStart}
        disabled={starting}
        data-testid="security-auth-start"
      >
        {starting ? 'Starting…' : 'Set Up Security Auth'}
      </button>
      <ProfileLink />
    </div>
  );
}

function EnabledPanel({ profile }: { profile: UserProfile }) {
  const disable = async (code: string) => {
    const res = await disableSecurityAuth(code);
    if (res.ok) {
      toast.success('Security Auth is off');
      return null;
    }
    return refusalWords(res.code, res.message);
  };
  return (
    <div className="sec-enabled" data-testid="security-auth-on">
      <p className="sec-status">
        Status:{' '}
        <span className="sec-badge sec-badge--on" data-testid="security-auth-status">
          Enabled
        </span>
      </p>
      <p>
        Logging in asks for the 6-digit code from your authenticator app. If you lose your phone, log in with
        one of your backup codes instead.
      </p>
      <p className="muted" data-testid="security-auth-backup-left">
        Backup codes left: {profile.backup_codes_left}
      </p>
      <h2 className="sec-heading">Disable Security Auth</h2>
      <p>To turn it off, enter a code from your app or one of your backup codes.</p>
      <CodeForm
        validate={anyCode}
        label="Code"
        hint="The 6-digit code from your app, or a backup code (abcd-efgh)."
        submitLabel="Disable"
        busyLabel="Disabling…"
        onCode={disable}
        testId="security-auth-disable"
        danger
      />
      <ProfileLink />
    </div>
  );
}

/** Under either panel: the way to the profile and login activity (#/user). */
function ProfileLink() {
  return (
    <p className="sec-more">
      <Link to="/user" data-testid="security-auth-profile-link">
        Your profile and login activity
      </Link>
    </p>
  );
}
