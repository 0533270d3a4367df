import { TEXT } from '@haulboard/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** Spec §8 crash boundary: the product name followed by 'Error', three sentences, Reload. */
export function CrashDialogView() {
  return (
    <Dialog open aria-labelledby="crash-title">
      <DialogTitle id="crash-title">{TEXT.crashTitle}</DialogTitle>
      <DialogContent>
        {TEXT.crash.map((line) => (
          <DialogContentText key={line} sx={{ mb: 1 }}>
            {line}
          </DialogContentText>
        ))}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
