import { OtpCode, type LoginRequest, type UserDetails } from '@exchange/contracts';
import { toast } from 'sonner';
import { CodeField, useCodeForm } from '@/components';
import { ApiError } from '@/lib/api';
import { login } from '../api/login';

/** The contract's check of a code, its words under the field. */
const checkCode = (otp: string) => {
  const checked = OtpCode.safeParse(otp);
  return checked.success || (checked.error.issues[0]?.message ?? 'Enter the code');
};

interface OtpStepProps {
  /** The user name and password the server has just accepted, sent again with the code. */
  credentials: Pick<LoginRequest, 'user_name' | 'password'>;
  onLoggedIn: (user: UserDetails) => Promise<void>;
  /** Back to the user name and password (also after a refusal that is not about the code). */
  onBack: () => void;
}

/**
 * The login's second step once Security Auth is on: the code from the authenticator app, or a
 * backup code. A wrong code is said under the field and may be tried again (the server counts it
 * in the login throttle, whose refusal shows as a toast like any other).
 */
export function OtpStep({ credentials, onLoggedIn, onBack }: OtpStepProps) {
  /** Logs in with the code: the words under the field when the code is refused, else null. */
  const tryCode = async (otp: string): Promise<string | null> => {
    let refused: { message: string; code?: string };
    try {
      const res = await login({ ...credentials, otp });
      if (res.status && res.data) {
        await onLoggedIn(res.data);
        return null;
      }
      refused = res;
    } catch (err) {
      // Too many tries (the login throttle), no answer: said as on the first step, the code kept.
      if (!(err instanceof ApiError) || err.retryable) {
        toast.error(err instanceof Error ? err.message : 'Login failed');
        return null;
      }
      refused = err;
    }
    if (refused.code === 'OTP_INVALID' || refused.code === 'OTP_REQUIRED')
      return refused.code === 'OTP_INVALID' ? 'The code is not valid' : refused.message;
    // The password no longer holds (changed meanwhile) or the account was locked: start over.
    toast.error(refused.message || 'Login failed');
    onBack();
    return null;
  };
  const { submit, isSubmitting, field } = useCodeForm({
    name: 'otp',
    validate: checkCode,
    onCode: tryCode,
    autoFocus: true,
  });

  return (
    <form className="auth__form" onSubmit={submit} noValidate data-testid="login-otp-form">
      <h1 className="auth__title">Security Auth</h1>
      <p className="auth__lead">
        Logging in as <strong>{credentials.user_name}</strong>
      </p>
      <CodeField
        {...field}
        label="Enter the 6-digit code from your authenticator app"
        hint="Lost your phone? Enter one of your backup codes instead."
        className="input auth__code"
        hintClassName="auth__hint"
        maxLength={20}
        placeholder="123456"
        testId="login-otp"
        errorTestId="login-otp-error"
      />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={isSubmitting}
        data-testid="login-otp-submit"
      >
        {isSubmitting ? 'Checking…' : 'Verify'}
      </button>
      <p className="auth__switch">
        <button type="button" className="auth__link" onClick={onBack} data-testid="login-otp-back">
          Back to login
        </button>
      </p>
    </form>
  );
}
