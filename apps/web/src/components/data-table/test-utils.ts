import { vi } from 'vitest';

export type TLoad = { id: number; name: string; miles: number | null };

export const makeLoads = (count: number): TLoad[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Load ${i + 1}`, miles: (i * 37) % 101 }));

/** Makes useMediaQuery report a phone-sized screen (jsdom has no matchMedia). */
export function mockPhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.replace(/\s/g, '') === '(max-width:768px)',
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

/** jsdom has no layout; give every element a size so the virtualizer sees a 400px viewport and 33px rows. */
export function mockLayout({ viewport = 400, row = 33 } = {}) {
  const restore = (['clientHeight', 'offsetHeight'] as const).map((prop) => {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop);
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get() {
        return prop === 'clientHeight' ? viewport : row;
      },
    });
    return () => {
      if (original) Object.defineProperty(HTMLElement.prototype, prop, original);
    };
  });
  return () => {
    for (const undo of restore) undo();
  };
}

/** Body rows that hold data (not spacer rows). */
export const dataRows = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLTableRowElement>('tbody tr:not([data-spacer])'));

export const firstCells = (container: HTMLElement) => dataRows(container).map((tr) => tr.cells[0]?.textContent);
