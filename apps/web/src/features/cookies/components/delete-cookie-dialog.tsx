import type { TCompanyCookie } from '@haulboard/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useDeleteCookie } from '../api/delete-cookie';

/** Spec §2 relay/cookie-admin: 'Are you sure you want to delete cookie ID {id}' with Cancel / Confirm. */
export function DeleteCookieDialog({ cookie, onClose }: { cookie: TCompanyCookie; onClose: () => void }) {
  const remove = useDeleteCookie({ idempotency: useIdempotencyKey() });
  return (
    <ConfirmDialog
      open
      title="Delete cookie"
      text={`Are you sure you want to delete cookie ID ${cookie.companyCookieId}`}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutateAsync(cookie.companyCookieId, { onSettled: onClose })}
    />
  );
}
