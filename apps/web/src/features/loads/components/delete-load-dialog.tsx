import type { TLoad } from '@haulboard/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useDeleteLoad } from '../api/delete-load';

/** Spec §5: 'Are you sure you want to delete {loadNumber}' with Cancel / Confirm. */
export function DeleteLoadDialog({ load, onClose }: { load: TLoad; onClose: () => void }) {
  const remove = useDeleteLoad({ onDeleted: onClose, idempotency: useIdempotencyKey() });
  return (
    <ConfirmDialog
      open
      title="Delete load"
      text={`Are you sure you want to delete ${load.loadNumber}`}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutateAsync(load.loadId)}
    />
  );
}
