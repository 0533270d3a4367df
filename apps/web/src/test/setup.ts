// Imported first by every web test: the project config has no setup file of its own.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/** jsdom has no matchMedia; MUI's useMediaQuery needs one. `mediaWidth` sets the pretend width. */
export const media = { width: 1280, prefersDark: false };

function matches(query: string) {
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (max) return media.width <= Number(max[1]);
  const min = /min-width:\s*(\d+)px/.exec(query);
  if (min) return media.width >= Number(min[1]);
  if (query.includes('prefers-color-scheme: dark')) return media.prefersDark;
  return false;
}

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// Lazy route modules are transformed on first import; that can take seconds on a busy machine.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  media.width = 1280;
  media.prefersDark = false;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
