import type { ChangePasswordRequest } from '@exchange/contracts';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { PageFrame } from '@/components';
import { ApiError, callApi } from '@/lib/api';
import { localLogout } from '@/lib/session';
import { getStoredUser } from '@/lib/storage';
import { changePasswordErrors } from '../lib/change-password-rules';

const resolver: Resolver<ChangePasswordRequest> = (values) => {
  const errors = changePasswordErrors(values);
  const keys = Object.keys(errors) as Array<keyof ChangePasswordRequest>;
  if (keys.length === 0) return { values, errors: {} };
  const out: FieldErrors<ChangePasswordRequest> = {};
  for (const k of keys) out[k] = { type: 'validate', message: errors[k] };
  return { values: {}, errors: out };
};

const FIELDS: Array<{
  name: keyof ChangePasswordRequest;
  label: string;
  testId: string;
  autoComplete: string;
}> = [
  {
    name: 'master_password',
    label: 'Old Password',
    testId: 'change-password-old',
    autoComplete: 'current-password',
  },
  {
    name: 'new_password',
    label: 'New Password',
    testId: 'change-password-new',
    autoComplete: 'new-password',
  },
  {
    name: 'confirm_password',
    label: 'Confirm Password',
    testId: 'change-password-confirm',
    autoComplete: 'new-password',
  },
];

/**
 * The server revokes every token on success, so the page logs out locally and the login screen
 * says the password was changed; the user logs in again with the new password. While the change
 * is forced, the layout shows no navigation (there is nowhere else to go yet).
 */
export function ChangePasswordPage() {
  const forced = getStoredUser()?.is_change_password === '1';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordRequest>({
    resolver,
    mode: 'onTouched',
    defaultValues: { master_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const res = await callApi('changePassword', body);
      if (!res.status) {
        toast.error(res.message || 'Password not changed');
        return;
      }
      // The login screen says it (a toast would be gone before the bettor reads it).
      localLogout('password-changed');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Password not changed');
    }
  });

  return (
    <PageFrame title="Change Password" testId="change-password-page">
      {forced && (
        <p className="notice" data-testid="change-password-forced">
          Please set a new password before you continue: the rest of the site opens once it is changed.
        </p>
      )}
      <form className="form-narrow" onSubmit={onSubmit} noValidate data-testid="change-password-form">
        {FIELDS.map((f) => (
          <label className="field" key={f.name}>
            <span className="field__label">{f.label}</span>
            <input
              className="input"
              type="password"
              autoComplete={f.autoComplete}
              placeholder={f.label}
              data-testid={f.testId}
              aria-invalid={Boolean(errors[f.name])}
              {...register(f.name)}
            />
            {errors[f.name] && (
              <span className="field__error" data-testid={`${f.testId}-error`}>
                {errors[f.name]?.message}
              </span>
            )}
          </label>
        ))}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={isSubmitting}
          data-testid="change-password-submit"
        >
          {isSubmitting ? 'Saving…' : 'Change Password'}
        </button>
      </form>
    </PageFrame>
  );
}
