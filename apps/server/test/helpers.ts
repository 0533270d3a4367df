import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { APP_REQUEST_HEADER } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { SESSION_COOKIE } from '../src/access/guard';
import { buildApp, type TAppDeps } from '../src/app';
import { createSession } from '../src/auth/sessions';
import { loadConfig } from '../src/config';
import { openPostgres, type TDatabase, wrapPglite } from '../src/db/client';
import { seedDemo, type TDemoIds, type TDemoStep } from '../src/db/seed/demo';
import type { TJobs } from '../src/jobs';
import { createVault, type TVault } from '../src/loadboard/vault';
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
export async function createTestApp(
  options: {
    steps?: TDemoStep[];
    env?: Record<string, string>;
    vault?: TVault;
    logger?: TAppDeps['loggerInstance'];
    /** Background jobs over the test's database (see jobs.test.ts); none when left out. */
    jobs?: (database: TDatabase) => Promise<TJobs>;
    /** Folder of a built web app to serve (none by default). */
    webDist?: string;
    /** Mounts the simulated load board under /demo-board, as demo mode does (demo-board.test.ts). */
    demoBoard?: boolean;
    /** Adds test-only routes before the app is ready (the upload helper's tests). */
    extend?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TTestApp> {
  const database = await createTestDatabase();
  await seedDemo(database.db, options.steps ?? []);
  const ids = await demoIds(database);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const jobs = options.jobs ? await options.jobs(database) : undefined;
  const app = await buildApp({
    config,
    database,
    webDist: options.webDist ?? null,
    vault: options.vault ?? createVault(randomBytes(32)),
    loggerInstance: options.logger,
    jobs,
    demoBoard: options.demoBoard,
  });
  await options.extend?.(app);
  await app.ready();
  asTheBrowserSends(app, config.publicUrl);
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

/**
 * inject() sends what the web app in a browser at PUBLIC_URL sends: its Host, its Origin and the
 * app's own header (access/forgery.ts). A test sets a header
 * itself to send something else, or sets it to undefined to leave it out.
 */
function asTheBrowserSends(app: FastifyInstance, publicUrl: string) {
  const url = new URL(publicUrl);
  const defaults: Record<string, string> = { host: url.host };
  // The app's API calls; not the server's own in-process calls to its built-in provider.
  const apiDefaults: Record<string, string> = { ...defaults, origin: url.origin, [APP_REQUEST_HEADER.name]: APP_REQUEST_HEADER.value };
  const inject = app.inject.bind(app);
  (app as any).inject = (opts: InjectOptions | string) => {
    if (opts === undefined || typeof opts === 'string') return inject(opts as any);
    const given = (opts.headers ?? {}) as Record<string, unknown>;
    const api = /^\/api(\/|\?|$)/.test(String(opts.url ?? ''));
    const headers: Record<string, unknown> = { ...(api ? apiDefaults : defaults), ...given };
    for (const [key, value] of Object.entries(headers)) if (value === undefined) delete headers[key];
    return inject({ ...opts, headers } as InjectOptions);
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
