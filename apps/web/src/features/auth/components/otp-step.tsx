import { OtpCode, type LoginRequest, type UserDetails } from '@exchange/contracts';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
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
  const hintId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { otp: '' } });

  useEffect(() => setFocus('otp'), [setFocus]);

  const onSubmit = handleSubmit(async ({ otp }) => {
    setRefusal(null);
    let refused: { message: string; code?: string };
    try {
      const res = await login({ ...credentials, otp: otp.trim() });
      if (res.status && res.data) {
        await onLoggedIn(res.data);
        return;
      }
      refused = res;
    } catch (err) {
      // Too many tries (the login throttle), no answer: said as on the first step, the code kept.
      if (!(err instanceof ApiError) || err.retryable) {
        toast.error(err instanceof Error ? err.message : 'Login failed');
        return;
      }
      refused = err;
    }
    if (refused.code === 'OTP_INVALID' || refused.code === 'OTP_REQUIRED') {
      setRefusal(refused.code === 'OTP_INVALID' ? 'The code is not valid' : refused.message);
      setValue('otp', '');
      setFocus('otp');
      return;
    }
    // The password no longer holds (changed meanwhile) or the account was locked: start over.
    toast.error(refused.message || 'Login failed');
    onBack();
  });
  const error = errors.otp?.message ?? refusal;

  return (
    <form className="auth__form" onSubmit={onSubmit} noValidate data-testid="login-otp-form">
      <h1 className="auth__title">Security Auth</h1>
      <p className="auth__lead">
        Logging in as <strong>{credentials.user_name}</strong>
      </p>
      <label className="field">
        <span className="field__label">Enter the 6-digit code from your authenticator app</span>
        <input
          className="input auth__code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          placeholder="123456"
          aria-invalid={Boolean(error)}
          aria-describedby={hintId}
          data-testid="login-otp"
          {...register('otp', { validate: checkCode, onChange: () => setRefusal(null) })}
        />
        <span className="auth__hint" id={hintId}>
          Lost your phone? Enter one of your backup codes instead.
        </span>
        {error && (
          <span className="field__error" role="alert" data-testid="login-otp-error">
            {error}
          </span>
        )}
      </label>
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
