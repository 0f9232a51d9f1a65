import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

/**
 * A console send (a transfer, a decision, a result, a save): react-query's mutation, sent at once
 * even while the browser says it is offline. React-query would hold it back until the browser is
 * online again, leaving the dialog "Working…" with nothing said; sent, it fails as a call without
 * an answer, whose words the dialog shows, and the operator can send it again.
 */
export function useConsoleMutation<TData, TVariables = void>(
  options: UseMutationOptions<TData, Error, TVariables>,
) {
  return useMutation({ ...options, networkMode: 'always' });
}
