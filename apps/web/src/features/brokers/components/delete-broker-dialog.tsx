import type { TBroker } from '@haulboard/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteBroker } from '../api/delete-broker';

/**
 * Spec §5: 'Are you sure you want to delete {name}' with Cancel / Confirm. The dialog closes once
 * the server has answered; a refusal (a broker with loads) shows as an error toast.
 */
export function DeleteBrokerDialog({ broker, onClose }: { broker: TBroker; onClose: () => void }) {
  const remove = useDeleteBroker();
  return (
    <ConfirmDialog
      open
      title="Delete broker"
      text={`Are you sure you want to delete ${broker.brokerName}`}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutate(broker.brokerId, { onSettled: onClose })}
    />
  );
}
