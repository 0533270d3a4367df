import '../test/setup';
import { describe, expect, it } from 'vitest';
import { media } from '../test/setup';
import { initialThemeMode } from './theme';

describe('theme (spec §9: key "theme", light or dark)', () => {
  it('starts from the stored choice', () => {
    window.localStorage.setItem('theme', 'dark');
    expect(initialThemeMode()).toBe('dark');
    window.localStorage.setItem('theme', 'light');
    media.prefersDark = true;
    expect(initialThemeMode()).toBe('light');
  });

  it("follows the system's preference until a choice is stored, ignoring junk", () => {
    window.localStorage.setItem('theme', 'purple');
    media.prefersDark = true;
    expect(initialThemeMode()).toBe('dark');
    media.prefersDark = false;
    expect(initialThemeMode()).toBe('light');
  });
});
