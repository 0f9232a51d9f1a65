import { zodResolver } from '@hookform/resolvers/zod';
import { AgentCreateUserRequest } from '@exchange/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormDialog, FormField } from '@/console/components';
import { useCreateUser } from './api/create-user';

/** The contract's fields as the form holds them (text), an empty mobile or credit limit left out. */
const CreateUserForm = AgentCreateUserRequest.extend({
  mobile: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(AgentCreateUserRequest.shape.mobile),
  credit_limit: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : Number(v)))
    .pipe(z.number({ error: 'Credit limit must be a number' }).optional())
    .pipe(AgentCreateUserRequest.shape.credit_limit),
});
type FormIn = z.input<typeof CreateUserForm>;

/**
 * A new bettor or sub-agent under the caller (agent/createUser). Its first login must change the
 * password given here, so the agent passes it on once.
 */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const createUser = useCreateUser();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormIn, unknown, z.output<typeof CreateUserForm>>({
    resolver: zodResolver(CreateUserForm),
    defaultValues: {
      user_name: '',
      password: '',
      role: 'user',
      mobile: '',
      credit_limit: '',
      online_payments: false,
    },
  });

  const submit = handleSubmit(async (body) => {
    try {
      const made = await createUser.mutateAsync(body);
      toast.success(
        `${made.role === 'agent' ? 'Agent' : 'User'} ${made.user_name} created: the first login asks for a new password`,
      );
      onClose();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The user could not be created');
    }
  });

  const error = (name: keyof FormIn) => ({
    error: errors[name]?.message,
    errorTestId: `create-user-${name}-error`,
  });

  return (
    <FormDialog
      title="Create user"
      onClose={onClose}
      testId="create-user-dialog"
      onSubmit={submit}
      submitLabel="Create"
      busy={isSubmitting}
      busyLabel="Creating…"
      submitTestId="create-user-submit"
      formTestId="create-user-form"
    >
      <FormField label="User name" {...error('user_name')}>
        <input
          className="input"
          autoComplete="off"
          autoCapitalize="none"
          {...register('user_name')}
          data-testid="create-user-name"
        />
      </FormField>
      <FormField label="Password" hint="They must change it at the first login." {...error('password')}>
        <input
          className="input"
          type="text"
          autoComplete="new-password"
          {...register('password')}
          data-testid="create-user-password"
        />
      </FormField>
      <fieldset className="console-form__choice">
        <legend className="field__label">Role</legend>
        <label>
          <input type="radio" value="user" {...register('role')} data-testid="create-user-role-user" /> User
          (bettor)
        </label>
        <label>
          <input type="radio" value="agent" {...register('role')} data-testid="create-user-role-agent" />{' '}
          Sub-agent
        </label>
      </fieldset>
      <FormField label="Mobile (optional)" {...error('mobile')}>
        <input
          className="input"
          inputMode="tel"
          autoComplete="off"
          {...register('mobile')}
          data-testid="create-user-mobile"
        />
      </FormField>
      <FormField label="Credit limit (optional)" {...error('credit_limit')}>
        <input
          className="input"
          inputMode="decimal"
          autoComplete="off"
          {...register('credit_limit')}
          data-testid="create-user-credit-limit"
        />
      </FormField>
      <label className="console-form__check">
        <input type="checkbox" {...register('online_payments')} data-testid="create-user-online-payments" />{' '}
        Pays in and out online (deposit and withdrawal requests)
      </label>
    </FormDialog>
  );
}
