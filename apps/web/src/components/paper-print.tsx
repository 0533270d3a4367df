import { createTheme, GlobalStyles } from '@mui/material';

/** A printable sheet is paper: black on white on screen and in print, whatever the app's theme. */
export const paperTheme = createTheme({ palette: { mode: 'light', text: { primary: '#000', secondary: '#333' }, divider: '#999' } });

/**
 * Letter paper with half-inch margins; the app's shell, the pickers and the buttons (`.no-print`)
 * are not printed. `paper` is the class of the sheet's frame, `sheet` the class of its content.
 */
export function PaperPrintStyles({ paper, sheet }: { paper: string; sheet: string }) {
  return (
    <GlobalStyles
      styles={{
        '@page': { size: 'letter', margin: '0.5in' },
        '@media print': {
          'html, body, #root': { background: '#fff !important', color: '#000 !important' },
          'header.MuiAppBar-root, nav, .MuiDrawer-root, .MuiDrawer-docked, .no-print, .Toastify': { display: 'none !important' },
          'main > .MuiToolbar-root': { display: 'none !important' },
          main: { padding: '0 !important', margin: '0 !important' },
          [`.${paper}`]: { border: '0 !important', boxShadow: 'none !important', padding: '0 !important', maxWidth: 'none !important' },
          [`.${sheet} *`]: { color: '#000 !important', borderColor: '#777 !important' },
        },
      }}
    />
  );
}
