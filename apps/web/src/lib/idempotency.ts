import { useRef, useState } from 'react';

/**
 * The idempotency key of one opened form or confirmation (issue #8): every request it sends carries
 * the key, so the server runs a doubled click or a retry once and answers the repeat with the first
 * answer (apps/server/src/access/idempotency.ts). `current()` is read when a request is sent;
 * `renew()` starts a new one after a save went through, so the next save is a new request.
 */
export type TIdempotencyKey = { current: () => string; renew: () => void };

export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * A key for a dialog's opening: a new one each time `open` turns true (a dialog mounted per
 * opening gets its own by mounting), and after `renew()`.
 */
export function useIdempotencyKey(open = true): TIdempotencyKey {
  const key = useRef<string>('');
  const wasOpen = useRef(false);
  if (!key.current || (open && !wasOpen.current)) key.current = newIdempotencyKey();
  wasOpen.current = open;
  const [handle] = useState<TIdempotencyKey>(() => ({
    current: () => key.current,
    renew: () => {
      key.current = newIdempotencyKey();
    },
  }));
  return handle;
}

/** What a saving hook is given: the key of the form or confirmation it saves for. */
export type TKeyedOptions = { idempotency: TIdempotencyKey };
