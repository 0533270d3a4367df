import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, useRef, useState } from 'react';

type TConfirmDialogProps = {
  open: boolean;
  title: string;
  text: string;
  busy?: boolean;
  onCancel: () => void;
  /**
   * Runs once per click that is not already running: while the promise it returns is pending the
   * button shows it is busy and a second click is ignored. A failure is shown by whoever sent the
   * request (the mutation hooks toast it), not here.
   */
  onConfirm: () => unknown;
  /** The confirming button's text and colour: Confirm in red for a destructive action (the default). */
  confirmText?: string;
  color?: 'error' | 'primary' | 'warning';
};

/** Cancel / Confirm for a destructive action (spec §5 delete confirmations). */
export function ConfirmDialog({ open, title, text, busy = false, onCancel, onConfirm, confirmText = 'Confirm', color = 'error' }: TConfirmDialogProps) {
  const id = useId();
  // A ref, not only state: a double click lands before React has re-rendered the disabled button.
  const running = useRef(false);
  const [isRunning, setRunning] = useState(false);
  const working = busy || isRunning;
  const confirm = () => {
    if (running.current || busy) return;
    running.current = true;
    setRunning(true);
    Promise.resolve()
      .then(onConfirm)
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
        setRunning(false);
      });
  };
  return (
    <Dialog
      open={open}
      onClose={() => !working && onCancel()}
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
        <Button onClick={onCancel} disabled={working} color="inherit">
          Cancel
        </Button>
        <Button onClick={confirm} loading={working} color={color} variant="contained" autoFocus>
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
