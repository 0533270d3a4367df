import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_BOARD_PREFIX, mountDemoBoard } from './demo-board';

describe('the demo board (the simulator inside the server)', () => {
  it('is never mounted in production: it refuses, and no board route answers', async () => {
    const app = Fastify();
    await expect(mountDemoBoard(app, { production: true })).rejects.toThrow('The simulated load board is never mounted in production');
    await app.ready();
    const res = await app.inject({ method: 'GET', url: `${DEMO_BOARD_PREFIX}/loadboard/search` });
    expect(res.statusCode).toBe(404);
    await app.close();
  });

  it('is mounted outside production', async () => {
    const app = Fastify();
    await mountDemoBoard(app, { production: false });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: `${DEMO_BOARD_PREFIX}/loadboard/search` });
    expect(res.statusCode).not.toBe(404);
    await app.close();
  });
});
