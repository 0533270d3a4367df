import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

type TDiscardChangesDialogProps = { open: boolean; onKeep: () => void; onDiscard: () => void };

/** Asked when Cancel or Escape would close a form with changes: nothing typed is lost by accident. */
export function DiscardChangesDialog({ open, onKeep, onDiscard }: TDiscardChangesDialogProps) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onKeep} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>Discard your changes?</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>What you changed in this form is not saved.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} color="inherit" autoFocus>
          Keep editing
        </Button>
        <Button onClick={onDiscard} color="error" variant="contained">
          Discard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
