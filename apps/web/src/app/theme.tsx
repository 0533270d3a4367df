import { type CSSObject, Global } from '@emotion/react';
import type { Theme } from '@mui/material/styles';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { readStored, STORAGE_KEY, writeStored } from '../lib/storage';
import { createThemeNoVars, ThemeProviderNoVars } from './theme-core';

export type TThemeMode = 'light' | 'dark';

type TThemeModeContext = { mode: TThemeMode; toggleMode: () => void };
const ThemeModeContext = createContext<TThemeModeContext>({ mode: 'light', toggleMode: () => {} });

/** The stored choice (spec §9: key 'theme', light or dark), else the system's preference. */
export function initialThemeMode(): TThemeMode {
  const stored = readStored(STORAGE_KEY.theme);
  if (stored === 'light' || stored === 'dark') return stored;
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** People who ask their system for less motion get no animated transitions. */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export function createAppTheme(mode: TThemeMode) {
  const still = prefersReducedMotion();
  return createThemeNoVars({
    ...(still ? { transitions: { create: () => 'none' } } : {}),
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#1565c0' : '#90caf9' },
      secondary: { main: mode === 'light' ? '#ef6c00' : '#ffb74d' },
      // MUI's light warning orange is 3:1 on white; this amber keeps warning chips and text at 4.5:1 (WCAG AA).
      ...(mode === 'light' ? { warning: { main: '#b45309', contrastText: '#ffffff' } } : {}),
      background: mode === 'light' ? { default: '#f4f6f8', paper: '#ffffff' } : { default: '#0f1216', paper: '#171b21' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiButtonBase: { defaultProps: { disableRipple: still } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
    },
  });
}

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<TThemeMode>(initialThemeMode);
  const toggleMode = useCallback(() => {
    setMode((current) => {
      const next = current === 'light' ? 'dark' : 'light';
      writeStored(STORAGE_KEY.theme, next);
      return next;
    });
  }, []);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo(() => ({ mode, toggleMode }), [mode, toggleMode]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProviderNoVars theme={theme}>
        <Baseline theme={theme} />
        {children}
      </ThemeProviderNoVars>
    </ThemeModeContext.Provider>
  );
}

/**
 * MUI's CssBaseline with `enableColorScheme`, written out: CssBaseline itself pulls MUI's default
 * theme (and with it the CSS-variables theme) into the first load. Same rules, same order.
 */
export function baselineStyles(theme: Theme): CSSObject {
  const background = theme.palette.background.default;
  return {
    html: {
      WebkitFontSmoothing: 'antialiased',
      MozOsxFontSmoothing: 'grayscale',
      boxSizing: 'border-box',
      WebkitTextSizeAdjust: '100%',
      colorScheme: theme.palette.mode,
    },
    '*, *::before, *::after': { boxSizing: 'inherit' },
    'strong, b': { fontWeight: theme.typography.fontWeightBold },
    body: {
      margin: 0,
      color: theme.palette.text.primary,
      // MUI's typography type allows '@font-face' lists emotion's does not; body1 has none.
      ...(theme.typography.body1 as CSSObject),
      backgroundColor: background,
      '@media print': { backgroundColor: theme.palette.common.white },
      '&::backdrop': { backgroundColor: background },
    },
  };
}

function Baseline({ theme }: { theme: Theme }) {
  const styles = useMemo(() => baselineStyles(theme), [theme]);
  return <Global styles={styles} />;
}

export const useThemeMode = () => useContext(ThemeModeContext);
