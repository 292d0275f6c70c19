import type { FormEvent } from 'react';
import type { IpcResult } from '../../src-shared/contract/define.ts';
import { useFieldErrors } from '../language/use-error-text.ts';
import { useIpcMutation } from '../data/ipc-query.ts';

/**
 * A form's one write: busy while it runs, main's refusal kept for the form (its field errors by the
 * form's field names, the rest as `error`), and `onDone` once main accepted it.
 */
export function useFormWrite<T>(write: () => Promise<IpcResult<T>>, onDone: (data: T) => void) {
  const mutation = useIpcMutation(write, { onSuccess: onDone });
  const fieldError = useFieldErrors(mutation.error);
  return {
    busy: mutation.isPending,
    error: mutation.error,
    fieldError,
    onSubmit(event: FormEvent) {
      event.preventDefault();
      mutation.mutate();
    },
  };
}
