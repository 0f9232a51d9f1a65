import { zodResolver } from '@hookform/resolvers/zod';
import { AgentCreateUserRequest } from '@exchange/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Modal } from '@/components';
import { fetchData } from '@/lib/api';
import { refreshAfterChange } from './api';

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
      const made = await fetchData('agentCreateUser', body);
      toast.success(
        `${made.role === 'agent' ? 'Agent' : 'User'} ${made.user_name} created: the first login asks for a new password`,
      );
      void refreshAfterChange();
      onClose();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The user could not be created');
    }
  });

  const error = (name: keyof FormIn) =>
    errors[name] && (
      <span className="field__error" data-testid={`create-user-${name}-error`}>
        {errors[name]?.message}
      </span>
    );

  return (
    <Modal
      title="Create user"
      onClose={onClose}
      testId="create-user-dialog"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="create-user-form"
            className="btn btn--primary"
            disabled={isSubmitting}
            data-testid="create-user-submit"
          >
            {isSubmitting ? 'Creating…' : 'Create'}
          </button>
        </>
      }
    >
      <form
        id="create-user-form"
        className="console-form"
        onSubmit={submit}
        noValidate
        data-testid="create-user-form"
      >
        <label className="field">
          <span className="field__label">User name</span>
          <input
            className="input"
            autoComplete="off"
            autoCapitalize="none"
            {...register('user_name')}
            data-testid="create-user-name"
          />
          {error('user_name')}
        </label>
        <label className="field">
          <span className="field__label">Password</span>
          <input
            className="input"
            type="text"
            autoComplete="new-password"
            {...register('password')}
            data-testid="create-user-password"
          />
          <span className="muted field__hint">They must change it at the first login.</span>
          {error('password')}
        </label>
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
        <label className="field">
          <span className="field__label">Mobile (optional)</span>
          <input
            className="input"
            inputMode="tel"
            autoComplete="off"
            {...register('mobile')}
            data-testid="create-user-mobile"
          />
          {error('mobile')}
        </label>
        <label className="field">
          <span className="field__label">Credit limit (optional)</span>
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            {...register('credit_limit')}
            data-testid="create-user-credit-limit"
          />
          {error('credit_limit')}
        </label>
        <label className="console-form__check">
          <input type="checkbox" {...register('online_payments')} data-testid="create-user-online-payments" />{' '}
          Pays in and out online (deposit and withdrawal requests)
        </label>
      </form>
    </Modal>
  );
}
