import { zodResolver } from '@hookform/resolvers/zod';
import { ConsoleLoginRequest, OtpCode, type LoginRequest } from '@exchange/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { CodeField, useCodeForm } from '@/components';
import { consoleUser, takeLogoutReason, type ConsoleLogoutReason } from '@/console/lib/session';
import { logIn } from './api/login';

type Credentials = Pick<LoginRequest, 'user_name' | 'password'>;

const checkCode = (otp: string) => {
  const checked = OtpCode.safeParse(otp);
  return checked.success || (checked.error.issues[0]?.message ?? 'Enter the code');
};

function CodeStep({ credentials, onDone, onBack }: { credentials: Credentials; onDone: () => void; onBack: (message: string) => void }) {
  const { submit, isSubmitting, field } = useCodeForm({
    name: 'otp',
    validate: checkCode,
    autoFocus: true,
    onCode: async (otp) => {
      const outcome = await logIn({ ...credentials, otp });
      if (outcome.kind === 'in') onDone();
      else if (outcome.kind === 'code') return outcome.problem ?? 'Enter the code';
      else onBack(outcome.message);
      return null;
    },
  });
  return (
    <form className="console-login__form" onSubmit={submit} noValidate data-testid="console-otp-form">
      <h1>Security Auth</h1>
      <p className="muted">
        Signing in as <strong>{credentials.user_name}</strong>
      </p>
      <CodeField
        {...field}
        label="6-digit code from your authenticator app"
        hint="Or one of your backup codes."
        className="input"
        hintClassName="muted"
        maxLength={20}
        placeholder="123456"
        testId="console-otp"
        errorTestId="console-otp-error"
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
        {isSubmitting ? 'Checking…' : 'Sign in'}
      </button>
    </form>
  );
}

/** What the sign-in says after a sign-out the user did not ask for. */
const LOGOUT_NOTICES: Partial<Record<ConsoleLogoutReason, string>> = {
  'session-ended': 'Your session has ended. Please sign in again.',
  'session-expired': 'Your session expired. Please sign in again.',
  'password-changed': 'Password changed. Sign in with the new password.',
};

/** The console's sign-in: agents and the operator; a bettor is told where to go instead. */
export function LoginPage() {
  const navigate = useNavigate();
  const [reason] = useState(takeLogoutReason);
  const [refusal, setRefusal] = useState<string | null>((reason && LOGOUT_NOTICES[reason]) ?? null);
  const [codeFor, setCodeFor] = useState<Credentials | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ resolver: zodResolver(ConsoleLoginRequest.pick({ user_name: true, password: true })), defaultValues: { user_name: '', password: '' } });

  if (consoleUser()) return <Navigate to="/" replace />;
  const done = () => navigate('/', { replace: true });

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    const outcome = await logIn(values);
    if (outcome.kind === 'in') done();
    else if (outcome.kind === 'code') setCodeFor(values);
    else setRefusal(outcome.message);
  });

  return (
    <main className="console-login">
      <div className="console-login__card">
        <p className="console-login__brand">Back office</p>
        {refusal && (
          <p className="notice notice--error" role="alert" data-testid="console-login-error">
            {refusal}
          </p>
        )}
        {codeFor ? (
          <CodeStep
            credentials={codeFor}
            onDone={done}
            onBack={(message) => {
              setCodeFor(null);
              setRefusal(message);
            }}
          />
        ) : (
          <form className="console-login__form" onSubmit={submit} noValidate data-testid="console-login-form">
            <h1>Sign in</h1>
            <label className="field">
              <span className="field__label">User name</span>
              <input className="input" autoComplete="username" autoFocus {...register('user_name')} data-testid="console-user-name" />
              {errors.user_name && <span className="field__error">{errors.user_name.message}</span>}
            </label>
            <label className="field">
              <span className="field__label">Password</span>
              <input className="input" type="password" autoComplete="current-password" {...register('password')} data-testid="console-password" />
              {errors.password && <span className="field__error">{errors.password.message}</span>}
            </label>
            <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting} data-testid="console-login-submit">
              {isSubmitting ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
