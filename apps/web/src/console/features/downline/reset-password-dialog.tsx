import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordRequest } from '@exchange/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Modal } from '@/components';
import { fetchData } from '@/lib/api';

const ResetForm = ResetPasswordRequest.pick({ new_password: true });
type FormValues = { new_password: string };

/** A downline user's new password (agent/resetPassword): its sessions end and it must change it at the next login. */
export function ResetPasswordDialog({
  user,
  onClose,
}: {
  user: { user_id: number; user_name: string };
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(ResetForm), defaultValues: { new_password: '' } });

  const submit = handleSubmit(async ({ new_password }) => {
    try {
      await fetchData('agentResetPassword', { user_id: user.user_id, new_password });
      toast.success(
        `${user.user_name}'s password is reset: they are signed out and choose a new one at the next login`,
      );
      onClose();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The password could not be reset');
    }
  });

  return (
    <Modal
      title={`Reset ${user.user_name}'s password`}
      onClose={onClose}
      size="sm"
      testId="reset-password-dialog"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="reset-password-form"
            className="btn btn--primary"
            disabled={isSubmitting}
            data-testid="reset-password-submit"
          >
            {isSubmitting ? 'Saving…' : 'Reset password'}
          </button>
        </>
      }
    >
      <form id="reset-password-form" className="console-form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">New password</span>
          <input
            className="input"
            type="text"
            autoComplete="new-password"
            {...register('new_password')}
            data-testid="reset-password-new"
          />
          {errors.new_password && <span className="field__error">{errors.new_password.message}</span>}
        </label>
        <p className="muted">
          {user.user_name} is signed out everywhere and must choose a new password at the next login.
        </p>
      </form>
    </Modal>
  );
}
