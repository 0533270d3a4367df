import type { TLoadOrder } from '@haulboard/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useCancelOrder } from '../api/cancel-order';
import { driversOf } from '../order-text';

/** Cancelling asks first; the order then moves to history ('Order cancelled successfully'). */
export function CancelOrderDialog({ order, onClose }: { order: TLoadOrder; onClose: () => void }) {
  const cancel = useCancelOrder({ idempotency: useIdempotencyKey() });
  return (
    <ConfirmDialog
      open
      title="Cancel order"
      text={`Are you sure you want to cancel order #${order.loadOrderId} for ${driversOf(order)} from ${order.origin.label}? It stops searching and moves to history.`}
      busy={cancel.isPending}
      onCancel={onClose}
      onConfirm={() => cancel.mutateAsync(order.loadOrderId, { onSettled: onClose })}
    />
  );
}
