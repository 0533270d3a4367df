import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { ensureReferenceData } from './db/reference-data';
import { DEMO_ACCOUNTS, seedDemo } from './db/seed/demo';
import './db/seed/demo-board';
import { buildApp } from './app';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  await ensureReferenceData(database.db);
  const seeded = config.demo ? await seedDemo(database.db) : false;

  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...(config.production ? {} : { transport: { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname' } } }),
    },
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
  lines.push('  Press Ctrl-C to stop.', '');
  console.log(lines.join('\n'));
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('\nHaulboard could not start:', error);
  }
  process.exit(1);
});
