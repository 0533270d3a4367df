import { TEXT } from '@haulboard/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Spec §8 crash boundary: the product name followed by 'Error', three sentences, Reload. */
export function CrashDialog() {
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

type TState = { failed: boolean };

/** Catches render errors outside the router (providers, the router itself) and shows the crash dialog. */
export class CrashBoundary extends Component<{ children: ReactNode }, TState> {
  state: TState = { failed: false };

  static getDerivedStateFromError(): TState {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Haulboard crashed', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <CrashDialog /> : this.props.children;
  }
}
