import { replyKind, replyText } from '@haulboard/contract';
import { type MutationFunction, useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { failureMessage, isCompanyChanged } from './api-client';
import type { TIdempotencyKey } from './idempotency';

/** Spec §8 toast rules for a mutation's text reply. Returns whether the reply was a success. */
export function notifyReply(text: string, successMessage?: string): boolean {
  const kind = replyKind(text);
  if (kind === 'error') {
    toast.error(replyText(text));
    return false;
  }
  if (kind === 'info') toast.info(replyText(text));
  else toast.success(successMessage ?? text);
  return true;
}

export { failureMessage } from './api-client';

export function notifyFailure(error: unknown) {
  // A company switched in another tab is said once, by the query client, before the tab reloads.
  if (isCompanyChanged(error)) return;
  toast.error(failureMessage(error));
}

type TTextMutation<TVars> = {
  /** Sends the request; `idempotencyKey` is the opened form's key, for the call's `idempotencyKey`. */
  mutationFn: (vars: TVars, idempotencyKey: string | undefined) => Promise<string>;
  /**
   * The opened form's or confirmation's key (lib/idempotency.ts): a doubled or retried request runs
   * once on the server. Renewed once a request has gone through, so the next one is new.
   */
  idempotency: TIdempotencyKey | null;
  /** Shown instead of the reply text when the reply is a success (spec §8 custom messages). */
  successMessage?: string;
  /** Runs only for a successful reply (not for ERROR text or a failed request). */
  onSuccess?: (text: string, vars: TVars) => unknown;
};

/**
 * A mutation whose reply is a text string (spec §7): the toast follows the ERROR / INFO / success
 * rules and request failures show an error toast. Every feature's mutations go through this.
 */
export function useTextMutation<TVars = void>({ mutationFn, successMessage, onSuccess, idempotency }: TTextMutation<TVars>) {
  const send: MutationFunction<string, TVars> = (vars) => mutationFn(vars, idempotency?.current());
  return useMutation<string, unknown, TVars>({
    mutationFn: send,
    onSuccess: async (text, vars) => {
      // The server keeps this answer under the key: a changed form sent again is a new request.
      idempotency?.renew();
      if (notifyReply(text, successMessage)) await onSuccess?.(text, vars);
    },
    onError: (error) => notifyFailure(error),
  });
}
