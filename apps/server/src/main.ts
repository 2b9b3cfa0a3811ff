import { TokenStore } from './account/tokens.ts';
import { AdminService } from './admin/service.ts';
import { buildApp } from './app.ts';
import { startLiquidity } from './bot/run.ts';
import { systemClock } from './clock.ts';
import { seedCommunity } from './community/seed.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/db.ts';
import { seedDemo } from './seed.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const { app, services } = await buildApp({
    config,
    db: database.db,
    // The engine in memory is ahead of the database after a failed commit: never serve on from it.
    onEngineFatal: (error) => {
      console.error('engine commit failed, exiting', error);
      process.exit(70);
    },
  });

  const admins = new AdminService(
    database.db,
    systemClock,
    new TokenStore(database.db, systemClock),
    config.rateLimit,
  );
  const operator = await admins.bootstrap({
    dataDir: config.dataDir,
    email: config.adminEmail,
    password: config.adminPassword,
  });
  const demo = config.seedDemo ? await seedDemo(database.db, systemClock, services.engine) : null;
  if (config.seedDemo) await seedCommunity(database.db, systemClock);
  const stopLiquidity = await startLiquidity(services, {
    marketMaker: config.marketMaker,
    log: (m) => app.log.warn(m),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop the feed and the bot, stop accepting, finish in-flight requests (the engine writes its
    // final snapshot on close), then close the database.
    await stopLiquidity();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${shownHost}:${config.port}`;
  const lines = [
    '',
    `  Exchange running at ${url}/  (admin console: ${url}/admin/, API docs: ${url}/api/docs/json)`,
    `  Database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Operator: ${operator.email} / ${operator.password ?? '(password set earlier; see ADMIN_PASSWORD)'}`,
    demo ? `  Demo user: ${demo.email} / ${demo.password}` : '  Demo user: none (SEED_DEMO=0)',
    `  Prices: ${config.priceFeed} feed; market maker: ${config.marketMaker ? 'on' : 'off (MARKET_MAKER=off)'}; engine journal: ${services.engine.journalLength} commands`,
    config.captcha ? '' : '  Image captcha: off (CAPTCHA=off)',
    '',
  ];
  console.log(lines.filter((l, i) => l !== '' || i === 0 || i === lines.length - 1).join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
