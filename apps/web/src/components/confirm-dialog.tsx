import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

type TConfirmDialogProps = {
  open: boolean;
  title: string;
  text: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirming button's text and colour: Confirm in red for a destructive action (the default). */
  confirmText?: string;
  color?: 'error' | 'primary' | 'warning';
};

/** Cancel / Confirm for a destructive action (spec §5 delete confirmations). */
export function ConfirmDialog({ open, title, text, busy = false, onCancel, onConfirm, confirmText = 'Confirm', color = 'error' }: TConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onCancel()}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button onClick={onConfirm} loading={busy} color={color} variant="contained" autoFocus>
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
