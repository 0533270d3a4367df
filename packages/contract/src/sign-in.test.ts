import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './sign-in';

describe('safeReturnTo', () => {
  it('keeps same-origin paths, written as a URL parser writes them', () => {
    expect(safeReturnTo('/app/loadboard')).toBe('/app/loadboard');
    expect(safeReturnTo('/app?x=1&y=%2F#h')).toBe('/app?x=1&y=%2F#h');
    expect(safeReturnTo('/caf\u00e9')).toBe('/caf%C3%A9');
  });

  it('sends everything else home', () => {
    for (const value of [
      undefined, null, 42, ['/x'], '', 'app', '//evil.example', '/\\evil.example', '/\t/evil.example', '/\t\t/evil.example',
      '/\n/evil.example', '/\r', '/\u0000', '/\u007f', '/\u0085', '/\u2028', '/\u{1F69A}', 'https://evil.example', 'javascript:alert(1)', '/./evil.example/..//x', '/a/..//evil.example',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnTo(value), JSON.stringify(value)).toBe('/');
    }
  });
});
