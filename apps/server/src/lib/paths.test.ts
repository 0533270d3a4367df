import { describe, expect, it } from 'vitest';
import { decodedPathOf, disguisedPathReason, isApiPath } from './paths';

describe('paths as the router reads them', () => {
  it('decodes the path (not the query) once, and keeps a malformed encoding as sent', () => {
    expect(decodedPathOf('/%61pi/x?url=http%3A%2F%2Fa')).toBe('/api/x');
    expect(decodedPathOf('/app/a%20b')).toBe('/app/a b');
    expect(decodedPathOf('/api/%zz')).toBe('/api/%zz');
    expect(isApiPath(decodedPathOf('/%61pi/docs/json'))).toBe(true);
  });

  it('calls disguised a path that encodes unreserved characters or is an API path only once decoded', () => {
    for (const url of ['/%61pi/x', '/api/General/set%53erviceUrl', '/api/%2E%2E/x', '/api/x%5Fy', '/api/x%7e', '/api/x%2d', '/%41PI', '/api%2FGeneral', '/api%2f'])
      expect(disguisedPathReason(url), url).not.toBeNull();
  });

  it('leaves plain paths and encoded query strings alone', () => {
    for (const url of ['/api/General/setServiceUrl?url=https%3A%2F%2Fa.example%2F%61', '/api/x?q=%61%62', '/app/loads/a%20b', '/login?returnTo=%2Fapp', '/', '/api/Broker/12', '/apiary%2Fx', '/app%3Fx'])
      expect(disguisedPathReason(url), url).toBeNull();
  });
});
