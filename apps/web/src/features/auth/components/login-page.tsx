import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest, type UserDetails } from '@exchange/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { logoutNotice } from '@/lib/session';
import { completeLogin, login } from '../api/login';
import { OtpStep } from './otp-step';
import { PasswordInput } from './password-input';

type Credentials = { user_name: string; password: string };

/**
 * User name, password (show/hide), Login; the server's refusal is shown as a toast. After the
 * server ended the session (a 401/403 logged the user out) a notice says why above the form.
 * With Security Auth on, the server answers OTP_REQUIRED and the code step takes over (ADR 34).
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [codeFor, setCodeFor] = useState<Credentials | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(LoginRequest), defaultValues: { user_name: '', password: '' } });

  const loggedIn = async (user: UserDetails) => {
    const next = await completeLogin(user);
    navigate(next, { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await login(values);
      if (res.code === 'OTP_REQUIRED') {
        setCodeFor({ user_name: values.user_name, password: values.password });
        return;
      }
      if (!res.status || !res.data) {
        toast.error(res.message || 'Login failed');
        return;
      }
      await loggedIn(res.data);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Login failed');
    }
  });

  const notice = logoutNotice();
  if (codeFor) return <OtpStep credentials={codeFor} onLoggedIn={loggedIn} onBack={() => setCodeFor(null)} />;

  return (
    <form className="auth__form" onSubmit={onSubmit} noValidate data-testid="login-form">
      <h1 className="auth__title">Login</h1>
      {notice && (
        <p className="auth__notice" role="status" data-testid="login-notice">
          {notice}
        </p>
      )}
      <label className="field">
        <span className="field__label">User Name</span>
        <input
          className="input"
          autoComplete="username"
          autoCapitalize="none"
          placeholder="User Name"
          data-testid="login-username"
          aria-invalid={Boolean(errors.user_name)}
          {...register('user_name')}
        />
        {errors.user_name && <span className="field__error">{errors.user_name.message}</span>}
      </label>
      <label className="field">
        <span className="field__label">Password</span>
        <PasswordInput
          className="input"
          autoComplete="current-password"
          placeholder="Password"
          data-testid="login-password"
          toggleTestId="login-show-password"
          aria-invalid={Boolean(errors.password)}
          {...register('password')}
        />
        {errors.password && <span className="field__error">{errors.password.message}</span>}
      </label>
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={isSubmitting}
        data-testid="login-submit"
      >
        {isSubmitting ? 'Logging in…' : 'Login'}
      </button>
      <p className="auth__switch">
        New here?{' '}
        <Link to="/sign-up" data-testid="login-signup-link">
          Sign up
        </Link>
      </p>
    </form>
  );
}
