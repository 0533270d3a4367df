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

/**
 * Makes matchMedia answer width queries for a pretend viewport; `resize` changes the width and
 * tells the listeners, as a browser does when the window is resized.
 */
export function mockViewportWidth(initial: number) {
  let width = initial;
  const lists: { query: string; matches: boolean; listeners: Set<() => void> }[] = [];
  const evaluate = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    const list = { query, matches: evaluate(query), listeners: new Set<() => void>() };
    lists.push(list);
    return {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => list.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => list.listeners.delete(listener),
      addListener: (listener: () => void) => list.listeners.add(listener),
      removeListener: (listener: () => void) => list.listeners.delete(listener),
      dispatchEvent: () => false,
    };
  });
  return {
    resize(next: number) {
      width = next;
      for (const list of lists) {
        const matches = evaluate(list.query);
        if (matches === list.matches) continue;
        list.matches = matches;
        for (const listener of list.listeners) listener();
      }
    },
  };
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
