import type { TLoad } from '@haulboard/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useDeleteLoad } from '../api/delete-load';

/** Spec §5: 'Are you sure you want to delete {loadNumber}' with Cancel / Confirm. */
export function DeleteLoadDialog({ load, onClose }: { load: TLoad; onClose: () => void }) {
  const remove = useDeleteLoad({ onDeleted: onClose });
  return (
    <Dialog
      open
      onClose={() => !remove.isPending && onClose()}
      aria-labelledby="delete-load-title"
      aria-describedby="delete-load-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-load-title">Delete load</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-load-text">Are you sure you want to delete {load.loadNumber}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending} color="inherit">
          Cancel
        </Button>
        <Button onClick={() => remove.mutate(load.loadId)} loading={remove.isPending} color="error" variant="contained" autoFocus>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
