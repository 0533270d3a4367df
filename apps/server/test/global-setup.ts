import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../src/db/client';
import { ensureReferenceData } from '../src/db/reference-data';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/** One template per run: two runs on one PostgreSQL server (two checkouts) never drop each other's. */
export const PG_TEMPLATE = `haulboard_test_template_${process.pid}`;

/** Migrates one template database per run; each test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE}`);
    const templateUrl = withDatabase(url, PG_TEMPLATE);
    const database = openPostgres(templateUrl, { max: 1 });
    await database.migrate();
    await ensureReferenceData(database.db);
    await database.close();
    project.provide('pgTemplate', PG_TEMPLATE);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${PG_TEMPLATE} with (force)`).catch(() => {});
      await admin.end();
    };
  }
  const client = await PGlite.create();
  const database = wrapPglite(client);
  await database.migrate();
  await ensureReferenceData(database.db);
  const dump = await client.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `haulboard-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => fs.rmSync(file, { force: true });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
