import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';

const loadView = () => import('./crash-dialog-view');
const CrashDialogView = lazy(() => loadView().then((m) => ({ default: m.CrashDialogView })));

/**
 * Spec §8 crash dialog. Its MUI dialog is not part of the first load: the module is fetched once
 * the page is idle (see CrashBoundary), so it is at hand when something fails.
 */
export function CrashDialog() {
  return (
    <Suspense fallback={null}>
      <CrashDialogView />
    </Suspense>
  );
}

/** The router's error element at the root: nothing else can render, so the crash dialog shows. */
export { CrashDialog as RootRouteError };

type TState = { failed: boolean };

/** Catches render errors outside the router (providers, the router itself) and shows the crash dialog. */
export class CrashBoundary extends Component<{ children: ReactNode }, TState> {
  state: TState = { failed: false };

  static getDerivedStateFromError(): TState {
    return { failed: true };
  }

  componentDidMount() {
    const fetchView = () => void loadView().catch(() => {});
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fetchView, { timeout: 5000 });
    else setTimeout(fetchView, 2000);
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Haulboard crashed', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <CrashDialog /> : this.props.children;
  }
}
