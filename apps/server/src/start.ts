// Starting the exchange: check, open, build, seed, run the feed and the bot, listen. main.ts wraps
// this for the command line; tests call it to start a real server and to see it refuse.

import type { FastifyInstance } from 'fastify';
import { TokenStore } from './account/tokens.ts';
import { AdminService } from './admin/service.ts';
import { buildApp } from './app.ts';
import { makerAccount, mintedBotFundsProblems } from './bot/production.ts';
import { startLiquidity } from './bot/run.ts';
import { type Clock, systemClock } from './clock.ts';
import { seedCommunity } from './community/seed.ts';
import { type Config, ConfigError, productionProblems } from './config.ts';
import { type DbHandle, openDatabase } from './db/db.ts';
import type { Services } from './deps.ts';
import { feedProblems, selectPriceFeed } from './feed/select.ts';
import { seedWorld } from './seed/world.ts';
import { demoDataProblems, seedDemo } from './seed.ts';

export interface StartOptions {
  config: Config;
  /** An open, migrated database (tests pass a fresh one); default: the one the config names. */
  database?: DbHandle;
  clock?: Clock;
  logger?: false;
  /** Feed and bot step; tests shorten it. */
  liquidityIntervalMs?: number;
  /** Tests only: a repeatable simulated walk. A running server never passes one. */
  feedSeed?: number;
  onEngineFatal?: (error: unknown) => void;
}

export interface RunningExchange {
  app: FastifyInstance;
  services: Services;
  url: string;
  database: DbHandle;
  /** The start-up summary main.ts prints. */
  banner: string;
  /** Stops the feed and the bot, then the app, then (when opened here) the database. */
  stop(): Promise<void>;
}

/**
 * Every reason this configuration must not start, listed together like the config errors: the
 * production rules, a feed that does not exist yet, and in production a database holding minted
 * demo or bot funds (ADR 121).
 */
async function startProblems(
  config: Config,
  database: DbHandle,
): Promise<{ problems: string[]; maker?: string }> {
  const problems = [...productionProblems(config), ...feedProblems(config.priceFeed)];
  if (!config.production) return { problems };
  problems.push(...(await demoDataProblems(database.db)), ...(await mintedBotFundsProblems(database.db)));
  let maker: string | undefined;
  if (config.marketMaker && config.marketMakerAccount !== undefined) {
    const account = await makerAccount(database.db, config.marketMakerAccount);
    if ('problem' in account) problems.push(account.problem);
    else maker = account.id;
  }
  return maker === undefined ? { problems } : { problems, maker };
}

export async function startExchange(options: StartOptions): Promise<RunningExchange> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const ownDatabase = options.database === undefined;
  const database =
    options.database ?? (await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }));
  let checked: { problems: string[]; maker?: string };
  try {
    checked = await startProblems(config, database);
    if (checked.problems.length > 0) throw new ConfigError(checked.problems);
  } catch (error) {
    if (ownDatabase) await database.close();
    throw error;
  }

  const { app, services } = await buildApp({
    config,
    db: database.db,
    clock,
    ...(options.logger === false ? { logger: false } : {}),
    ...(options.onEngineFatal ? { onEngineFatal: options.onEngineFatal } : {}),
  });
  const admins = new AdminService(database.db, clock, new TokenStore(database.db, clock), config.rateLimit);
  const operator = await admins.bootstrap({
    dataDir: config.dataDir,
    email: config.adminEmail,
    password: config.adminPassword,
  });
  const demo = config.seedDemo ? await seedDemo(database.db, clock, services.engine) : null;
  if (config.seedDemo) await seedCommunity(database.db, clock);
  if (demo) await seedWorld(services, demo.id);
  const stopLiquidity = await startLiquidity(services, {
    feed: selectPriceFeed(config.priceFeed, options.feedSeed === undefined ? {} : { seed: options.feedSeed }),
    marketMaker: !config.marketMaker
      ? null
      : config.production
        ? { maker: checked.maker!, taker: null, mint: false }
        : { mint: true },
    ...(options.liquidityIntervalMs === undefined ? {} : { intervalMs: options.liquidityIntervalMs }),
    log: (m) => app.log.warn(m),
  });

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const url = `http://${shownHost}:${port}`;
  const maker = !config.marketMaker
    ? 'off (MARKET_MAKER=off)'
    : config.production
      ? `on, quoting from ${config.marketMakerAccount} (deposited funds only)`
      : 'on';
  const lines = [
    '',
    `  Exchange running at ${url}/  (admin console: ${url}/admin/, API docs: ${url}/api/docs/json)`,
    `  Database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Operator: ${operator.email} / ${operator.password ?? '(password shown only when created, ADR 127; change it on the console Account page)'}`,
    demo ? `  Demo user: ${demo.email} / ${demo.password}` : '  Demo user: none (SEED_DEMO=0)',
    `  Prices: ${config.priceFeed} feed; market maker: ${maker}; engine journal: ${services.engine.journalLength} commands`,
    config.captcha ? '' : '  Image captcha: off (CAPTCHA=off)',
    '',
  ];

  let stopped = false;
  return {
    app,
    services,
    url,
    database,
    banner: lines.filter((l, i) => l !== '' || i === 0 || i === lines.length - 1).join('\n'),
    async stop() {
      if (stopped) return;
      stopped = true;
      // Stop the feed and the bot, stop accepting, finish in-flight requests (the engine writes its
      // final snapshot on close), then close the database.
      await stopLiquidity();
      await app.close();
      if (ownDatabase) await database.close();
    },
  };
}
