import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { SESSION_COOKIE } from '../src/access/guard';
import { createSession } from '../src/auth/sessions';
import { loadConfig } from '../src/config';
import { openPostgres, type TDatabase, wrapPglite } from '../src/db/client';
import { seedDemo, type TDemoIds, type TDemoStep } from '../src/db/seed/demo';
import { withDatabase } from './global-setup';

/** A fresh database copied from the migrated template: PGlite, or PostgreSQL with DATABASE_URL. */
export async function createTestDatabase(): Promise<TDatabase> {
  const url = process.env.DATABASE_URL;
  const pgTemplate = inject('pgTemplate');
  if (url && pgTemplate) {
    const name = `haulboard_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${pgTemplate}`);
        break;
      } catch (error) {
        if (attempt > 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    const database = openPostgres(withDatabase(url, name), { max: 4 });
    return {
      ...database,
      close: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await cleanup.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
  return wrapPglite(client);
}

export type TTestApp = {
  app: FastifyInstance;
  database: TDatabase;
  db: TDatabase['db'];
  ids: TDemoIds;
  /** A signed-in session for a seeded email: the cookie header to send. */
  loginAs: (email: string) => Promise<string>;
  /** inject() with JSON parsing of the reply. */
  call: (options: InjectOptions & { as?: string }) => Promise<{ status: number; body: any; text: string; headers: Record<string, any> }>;
  close: () => Promise<void>;
};

export const EMAIL = {
  admin: 'admin@demo.haulboard.test',
  dispatcher: 'dispatcher@demo.haulboard.test',
  driver: 'driver@demo.haulboard.test',
  applicant: 'applicant@demo.haulboard.test',
  secondAdmin: 'admin@second.haulboard.test',
} as const;

/**
 * The server over a fresh database with the demo people (and the given demo steps) seeded.
 * API tests sign in by session directly; the browser tests go through the real OIDC flow.
 */
export async function createTestApp(options: { steps?: TDemoStep[]; env?: Record<string, string> } = {}): Promise<TTestApp> {
  const database = await createTestDatabase();
  await seedDemo(database.db, options.steps ?? []);
  const ids = await demoIds(database);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({ config, database, webDist: null });
  await app.ready();
  const cookies = new Map<string, string>();
  const loginAs = async (email: string) => {
    if (!cookies.has(email)) {
      const userId = ids.users[email];
      if (!userId) throw new Error(`No seeded user ${email}`);
      cookies.set(email, `${SESSION_COOKIE}=${await createSession(database.db, userId, null)}`);
    }
    return cookies.get(email)!;
  };
  const call: TTestApp['call'] = async ({ as, ...opts }) => {
    const headers = { ...(opts.headers ?? {}), ...(as ? { cookie: await loginAs(as) } : {}) };
    const res = await app.inject({ ...opts, headers });
    let body: any = res.body;
    try {
      body = res.json();
    } catch {
      /* text reply */
    }
    return { status: res.statusCode, body, text: res.body, headers: res.headers };
  };
  return {
    app,
    database,
    db: database.db,
    ids,
    loginAs,
    call,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function demoIds(database: TDatabase): Promise<TDemoIds> {
  const companies = await database.db.execute(sql.raw('select id, name from companies'));
  const users = await database.db.execute(sql.raw('select id, email from users'));
  const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows);
  const byName = new Map(rowsOf(companies).map((c: any) => [c.name, c.id]));
  return {
    companies: { demo: byName.get('Demo Freight LLC') as number, second: byName.get('Second Haul Inc') as number },
    users: Object.fromEntries(rowsOf(users).map((u: any) => [u.email, u.id])),
  };
}
