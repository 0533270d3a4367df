import { GlobalStyles } from '@mui/material';
import { ToastContainer } from 'react-toastify';
import { MOBILE_QUERY } from './shell/layout';
import { useThemeMode } from './theme';

/** Height of a dialog's action bar (one row of buttons) and a little air above it. */
const DIALOG_ACTIONS = 64;
/** Space a non-full-screen MUI dialog keeps below it. */
const DIALOG_MARGIN = 32;

/**
 * While a dialog is open, toasts rise above the bottom of the window, where its Save and
 * Duplicate buttons are: full screen on a phone, 32 px up on a narrow laptop (a 600 px dialog
 * reaches under the bottom-right corner below about 1270 px). Only bottom-right ones are used.
 */
const toastStyles = (
  <GlobalStyles
    styles={{
      ':root': { '--toastify-toast-width': 'min(320px, calc(100vw - 32px))' },
      'body:has(.MuiDialog-root) .Toastify__toast-container--bottom-right': {
        // The toasts' own 1rem margin stands between them and the action bar.
        bottom: `${DIALOG_MARGIN + DIALOG_ACTIONS - 16}px`,
        [`@media ${MOBILE_QUERY}`]: { bottom: `${DIALOG_ACTIONS - 16}px` },
        // react-toastify's phone layout: full width, no margin under the toast.
        '@media (max-width: 480px)': { bottom: `${DIALOG_ACTIONS}px` },
      },
    }}
  />
);

/**
 * Spec §8/§9: toasts bottom-right, closing after 5000 ms, in the current theme; a tap closes one.
 * Loaded lazily by the app (not part of the first load); a toast raised before the container is
 * mounted waits in react-toastify's queue and shows when it mounts.
 */
export function Toasts() {
  const { mode } = useThemeMode();
  return (
    <>
      {toastStyles}
      <ToastContainer position="bottom-right" autoClose={5000} theme={mode === 'dark' ? 'dark' : 'light'} newestOnTop closeOnClick />
    </>
  );
}
