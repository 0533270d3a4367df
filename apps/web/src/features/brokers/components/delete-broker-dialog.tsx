import type { TBroker } from '@haulboard/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useDeleteBroker } from '../api/delete-broker';

/**
 * Spec §5: 'Are you sure you want to delete {name}' with Cancel / Confirm. The dialog closes once
 * the server has answered; a refusal (a broker with loads) shows as an error toast.
 */
export function DeleteBrokerDialog({ broker, onClose }: { broker: TBroker; onClose: () => void }) {
  const remove = useDeleteBroker();
  return (
    <Dialog
      open
      onClose={() => !remove.isPending && onClose()}
      aria-labelledby="delete-broker-title"
      aria-describedby="delete-broker-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-broker-title">Delete broker</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-broker-text">Are you sure you want to delete {broker.brokerName}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending} color="inherit">
          Cancel
        </Button>
        <Button
          onClick={() => remove.mutate(broker.brokerId, { onSettled: onClose })}
          loading={remove.isPending}
          color="error"
          variant="contained"
          autoFocus
        >
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
