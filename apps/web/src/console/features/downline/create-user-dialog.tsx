import { zodResolver } from '@hookform/resolvers/zod';
import { AgentCreateUserRequest } from '@exchange/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { DecimalInput, FormDialog, FormField } from '@/console/components';
import { useOwnAccount } from '@/console/lib/own-account';
import { ApiError } from '@/lib/api';
import { useCreateUser } from './api/create-user';
import { ownPartnership, partnershipProblem, percentText } from './terms';
import { CommissionFields, PartnershipField } from './terms-fields';

/** The contract's fields as the form holds them (text), an empty mobile, credit reference or percentage left out. */
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
  partnership: percentText('Partnership'),
  match_commission: percentText('Match commission'),
  session_commission: percentText('Session commission'),
  casino_commission: percentText('Casino commission'),
});
type FormIn = z.input<typeof CreateUserForm>;

/**
 * A new bettor or sub-agent under the caller (agent/createUser). Its first login must change the
 * password given here, so the agent passes it on once. A sub-agent gets its partnership (ADR 48),
 * shown as the clones show it: Upline / Ours / Downline, at most the caller's own figure; any
 * account gets its commission rates.
 */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const createUser = useCreateUser();
  const own = ownPartnership(useOwnAccount());
  const form = useForm<FormIn, unknown, z.output<typeof CreateUserForm>>({
    resolver: zodResolver(CreateUserForm),
    defaultValues: {
      user_name: '',
      password: '',
      role: 'user',
      mobile: '',
      credit_limit: '',
      online_payments: false,
      partnership: '',
      match_commission: '',
      session_commission: '',
      casino_commission: '',
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const agent = watch('role') === 'agent';

  const submit = handleSubmit(async ({ partnership, ...fields }) => {
    // A bettor takes its agent's shares: the field is for a sub-agent only.
    const body = agent ? { ...fields, partnership } : fields;
    const problem = agent ? partnershipProblem(partnership, own) : null;
    if (problem) {
      setError('partnership', { message: problem });
      return;
    }
    try {
      const made = await createUser.mutateAsync(body);
      toast.success(
        `${made.role === 'agent' ? 'Agent' : 'User'} ${made.user_name} created: the first login asks for a new password`,
      );
      onClose();
    } catch (err) {
      // A partnership refused (above the caller's own) says its bound under the field.
      if (err instanceof ApiError && err.code?.startsWith('PARTNERSHIP_')) setError('partnership', { message: err.message });
      else toast.error(err instanceof Error ? err.message : 'The user could not be created');
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
      {agent && <PartnershipField form={form} own={own} testIdPrefix="create-user" />}
      <FormField label="Mobile (optional)" {...error('mobile')}>
        <input
          className="input"
          inputMode="tel"
          autoComplete="off"
          {...register('mobile')}
          data-testid="create-user-mobile"
        />
      </FormField>
      <CommissionFields register={register} errors={errors} testIdPrefix="create-user" />
      <FormField label="Credit reference (optional)" {...error('credit_limit')}>
        <DecimalInput {...register('credit_limit')} data-testid="create-user-credit-limit" />
      </FormField>
      <label className="console-form__check">
        <input type="checkbox" {...register('online_payments')} data-testid="create-user-online-payments" />{' '}
        Pays in and out online (deposit and withdrawal requests)
      </label>
    </FormDialog>
  );
}
