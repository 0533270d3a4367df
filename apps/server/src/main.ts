import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { ensureReferenceData } from './db/reference-data';
import { DEMO_ACCOUNTS, seedDemo } from './db/seed/demo';
import './db/seed/demo-board';
import './db/seed/demo-expenses';
import './db/seed/demo-settlements';
import './db/seed/demo-ifta';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { startJobs, type TJobsDeps } from './jobs';
import { loggerOptions } from './lib/logging';
import { connectDemoCompany, DEMO_BOARD_PREFIX } from './loadboard/demo-board';
import { VaultKeyError, vaultFromConfig } from './loadboard/vault';
import { resealCookies } from './modules/cookies';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  await ensureReferenceData(database.db);
  const seeded = config.demo ? await seedDemo(database.db) : false;
  const vault = vaultFromConfig(config);
  const resealed = await resealCookies(database.db, vault);

  // The jobs log through the app's logger once it exists (they start first: buildApp schedules on them).
  let app: FastifyInstance | undefined;
  const jobs = await startJobs({
    database,
    runsWork: config.role !== 'web',
    log: {
      error: (...args: [any, ...any[]]) => app?.log.error(...args),
      warn: (...args: [any, ...any[]]) => app?.log.warn(...args),
      info: (...args: [any, ...any[]]) => app?.log.info(...args),
    } as TJobsDeps['log'],
  });
  app = await buildApp({
    config,
    database,
    vault,
    jobs,
    demoBoard: config.demo && !config.production,
    logger: loggerOptions(config),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, stopping`);
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const demoBoard = config.demo && !config.production && config.role !== 'worker' && (await connectDemoCompany(database.db, vault, config.publicUrl));
  if (resealed.resealed) app.log.info(`${resealed.resealed} stored board session(s) re-encrypted with the current HAULBOARD_SECRET_KEY`);
  // Only the count: never a value, sealed or opened.
  if (resealed.unreadable) {
    app.log.warn(
      `${resealed.unreadable} stored board session(s) were sealed with a key this server does not have (add it to HAULBOARD_SECRET_KEY_PREVIOUS, or replace them in Cookie Administration)`,
    );
  }
  if (config.role === 'worker') {
    console.log(`\n  Haulboard worker: background jobs and the load-order engine${config.orderEngine ? '' : ' (off: ORDER_ENGINE)'}; health at http://${config.host}:${config.port}/api/health\n  Press Ctrl-C to stop.\n`);
    return;
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  Haulboard is running at ${config.publicUrl}`,
    `  Database: ${where}${seeded ? ' (demo data added)' : ''}`,
    `  Sign-in: ${config.oidc.builtIn ? 'built-in development provider (any password)' : config.oidc.issuer}`,
  ];
  if (config.demo) {
    lines.push('  Demo accounts:');
    for (const [email, what] of DEMO_ACCOUNTS) lines.push(`    ${email.padEnd(32)} ${what}`);
  }
  if (demoBoard) lines.push(`  Load board: simulated, at ${config.publicUrl}${DEMO_BOARD_PREFIX} (Demo Freight is connected)`);
  lines.push('  Press Ctrl-C to stop.', '');
  console.log(lines.join('\n'));
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof VaultKeyError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('\nHaulboard could not start:', error);
  }
  process.exit(1);
});
