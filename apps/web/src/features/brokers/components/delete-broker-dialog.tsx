import type { TBroker } from '@haulboard/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useDeleteBroker } from '../api/delete-broker';

/**
 * Spec §5: 'Are you sure you want to delete {name}' with Cancel / Confirm. The dialog closes once
 * the server has answered; a refusal (a broker with loads) shows as an error toast.
 */
export function DeleteBrokerDialog({ broker, onClose }: { broker: TBroker; onClose: () => void }) {
  const remove = useDeleteBroker({ idempotency: useIdempotencyKey() });
  return (
    <ConfirmDialog
      open
      title="Delete broker"
      text={`Are you sure you want to delete ${broker.brokerName}`}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutateAsync(broker.brokerId, { onSettled: onClose })}
    />
  );
}
