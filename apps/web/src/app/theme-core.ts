/**
 * MUI's public `createTheme` and `ThemeProvider` carry the CSS-variables theme and its provider
 * (color-scheme storage, the init script) even for a theme without `colorSchemes`, where they
 * only hand over to these two: about 8 kB gzip of the first load for nothing (issue "Run it as a
 * carrier's business runs it", docs/ARCHITECTURE.md, the web's first load). The package's exports
 * do not name them, so they are imported by file; the build fails if MUI moves them.
 */

export { default as createThemeNoVars } from '../../../../node_modules/@mui/material/styles/createThemeNoVars.mjs';
export { default as ThemeProviderNoVars } from '../../../../node_modules/@mui/material/styles/ThemeProviderNoVars.mjs';
