import { useRef, useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { firstErrorPerField } from '@/lib/form-errors';
import type { MadeRequest } from '../api/payment-requests';
import { useAttemptRef } from '../lib/attempt';
import { addQuickAmount, type AmountBounds, type Checked } from '../lib/payment-forms';

/** What every payment form has: the amount as typed. */
interface AmountForm {
  amount: string;
}

/** The resolver of a payment form checked by `check`: its request body, or the first issue per field. */
export function checkedResolver<F extends FieldValues, B>(
  check: (values: F) => Checked<B>,
): Resolver<F, unknown, B> {
  return (values) => {
    const checked = check(values);
    return checked.ok
      ? { values: checked.body, errors: {} }
      : { values: {}, errors: firstErrorPerField<F>(checked.issues) };
  };
}

/** A payment form's react-hook-form, with `amount`: the props of its AmountField but the test id. */
export function usePaymentForm<F extends AmountForm, B>(
  resolver: Resolver<F, unknown, B>,
  bounds: AmountBounds,
  defaultValues: DefaultValues<F>,
) {
  const form = useForm<F, unknown, B>({
    resolver,
    // Checked on submit, then as the bettor types: a message appearing on blur would move the
    // controls under a tap that is landing (the tap is then lost).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
  // react-hook-form cannot name a field of a generic form: the amount is reached as the one field
  // every payment form has.
  const {
    register,
    setValue,
    getValues,
    formState: { errors, isSubmitted },
  } = form as unknown as UseFormReturn<AmountForm>;
  const amount = {
    input: register('amount'),
    error: errors.amount?.message,
    bounds,
    onChip: (n: number) =>
      setValue('amount', addQuickAmount(getValues('amount'), n, bounds), { shouldValidate: isSubmitted }),
  };
  return { ...form, amount };
}

/**
 * Sends a payment form's checked body with `send`, and `made`: the request last made (then
 * `onMade`). Why a send failed is shown by SendError from the mutation's error.
 */
export function useSendRequest<B>(
  send: (body: B, clientRef: string) => Promise<MadeRequest>,
  onMade: (body: B) => void,
) {
  const [made, setMade] = useState<MadeRequest | null>(null);
  const attempt = useAttemptRef();
  // One request on the wire at a time, even for two clicks within one render.
  const sending = useRef(false);

  const sendOnce = async (body: B) => {
    if (sending.current) return;
    sending.current = true;
    // The same request sent again (a second click, a retry after no answer) keeps its client_ref.
    const clientRef = attempt.refFor(body);
    try {
      const request = await send(body, clientRef);
      attempt.done();
      setMade(request);
      onMade(body);
    } catch {
      // shown by SendError from the mutation's error
    } finally {
      sending.current = false;
    }
  };
  return { made, send: sendOnce };
}
