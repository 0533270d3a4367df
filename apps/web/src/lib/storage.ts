/** Local-storage keys named by the spec (§9): the session's user and the theme. */
export const STORAGE_KEY = { user: 'user', theme: 'theme' } as const;

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Private modes and disabled storage throw; the app then simply forgets between reloads.
    return null;
  }
}

export function writeStored(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // See readStored.
  }
}

export function clearStorage() {
  try {
    window.localStorage.clear();
  } catch {
    // See readStored.
  }
}
