import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordRequest } from '@exchange/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog, FormField } from '@/console/components';
import { useResetPassword } from './api/reset-password';

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
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(ResetForm), defaultValues: { new_password: '' } });

  const submit = handleSubmit(async ({ new_password }) => {
    try {
      await resetPassword.mutateAsync({ user_id: user.user_id, new_password });
      toast.success(
        `${user.user_name}'s password is reset: they are signed out and choose a new one at the next login`,
      );
      onClose();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The password could not be reset');
    }
  });

  return (
    <FormDialog
      title={`Reset ${user.user_name}'s password`}
      onClose={onClose}
      size="sm"
      testId="reset-password-dialog"
      onSubmit={submit}
      submitLabel="Reset password"
      busy={isSubmitting}
      busyLabel="Saving…"
      submitTestId="reset-password-submit"
    >
      <FormField label="New password" error={errors.new_password?.message}>
        <input
          className="input"
          type="text"
          autoComplete="new-password"
          {...register('new_password')}
          data-testid="reset-password-new"
        />
      </FormField>
      <p className="muted">
        {user.user_name} is signed out everywhere and must choose a new password at the next login.
      </p>
    </FormDialog>
  );
}
