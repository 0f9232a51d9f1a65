import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest } from '@exchange/contracts';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';
import { clearConsoleSession, useConsoleUser } from '@/console/lib/session';
import { changePassword } from './api/change-password';

type Values = { master_password: string; new_password: string; confirm_password: string };

/**
 * The password change an account created by its agent must make first (and anyone may make).
 * The server ends every session of the user on a change: the console signs in again.
 */
export function ChangePasswordPage() {
  const user = useConsoleUser();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(ChangePasswordRequest), defaultValues: { master_password: '', new_password: '', confirm_password: '' } });
  if (!user) return <Navigate to="/login" replace />;

  const submit = handleSubmit(async (values) => {
    try {
      const res = await changePassword(values);
      if (!res.status) {
        toast.error(res.message);
        return;
      }
      clearConsoleSession('password-changed');
      navigate('/login', { replace: true });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'The password could not be changed');
    }
  });

  const field = (name: keyof Values, label: string, autoComplete: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input className="input" type="password" autoComplete={autoComplete} {...register(name)} data-testid={`console-${name}`} />
      {errors[name] && <span className="field__error">{errors[name]?.message}</span>}
    </label>
  );

  return (
    <main className="console-login">
      <div className="console-login__card">
        <p className="console-login__brand">Back office</p>
        <form className="console-login__form" onSubmit={submit} noValidate data-testid="console-change-password-form">
          <h1>Change password</h1>
          {user.is_change_password === '1' && <p className="muted">Your agent set this password: choose your own before you go on.</p>}
          {field('master_password', 'Current password', 'current-password')}
          {field('new_password', 'New password', 'new-password')}
          {field('confirm_password', 'Confirm new password', 'new-password')}
          <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting} data-testid="console-change-password-submit">
            {isSubmitting ? 'Saving…' : 'Change password'}
          </button>
        </form>
      </div>
    </main>
  );
}
