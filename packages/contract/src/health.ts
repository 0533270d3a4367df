import { z } from 'zod';
import { defineRoute } from './route-def';

export const ZHealth = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']), time: z.string() });

export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'Service and database state',
    tag: 'General',
    access: { kind: 'public' },
    response: ZHealth,
  }),
} as const;
