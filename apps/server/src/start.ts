// Starting the exchange: check, open, build, seed, run the feed and the bot, listen. main.ts wraps
// this for the command line; tests call it to start a real server and to see it refuse.

import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { TokenStore } from './account/tokens.ts';
import { AdminService } from './admin/service.ts';
import { buildApp } from './app.ts';
import { makerAccount, mintedBotFundsProblems } from './bot/production.ts';
import { startLiquidity } from './bot/run.ts';
import { BOT_USERS } from './bot/users.ts';
import { chainDomainOf } from './chain/wiring.ts';
import { type Clock, SeedClock, systemClock } from './clock.ts';
import { seedCommunity } from './community/seed.ts';
import { type Config, ConfigError, productionProblems, roleProblems } from './config.ts';
import { type DbHandle, openDatabase } from './db/db.ts';
import type { Services } from './deps.ts';
import type { EngineHost } from './engine/host.ts';
import { ReplicaEngine } from './engine/replica.ts';
import { engineDb } from './engine/tables.ts';
import {
  ensureJournalStream,
  type NatsNames,
  natsBus,
  natsFeed,
  natsLink,
  natsNames,
  reviveError,
  serveEngine,
} from './engine/transport.ts';
import { feedProblems, selectPriceFeed } from './feed/select.ts';
import { AppError } from './http/errors.ts';
import { MIGRATIONS } from './migrations.ts';
import { firstSnapshot } from './reserves/routes.ts';
import { seedEarn } from './seed/earn.ts';
import { seedFaq } from './seed/faq.ts';
import { seedFlash } from './seed/flash.ts';
import { seedFutures } from './seed/futures.ts';
import { seedOperator } from './seed/operator.ts';
import { seedQueues } from './seed/queues.ts';
import { seedSpot } from './seed/spot.ts';
import { seedSupport } from './seed/support.ts';
import { SeedTimeline } from './seed/timeline.ts';
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
  const problems = [
    ...roleProblems(config),
    ...productionProblems(config),
    ...feedProblems(config.priceFeed),
  ];
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

interface Cluster {
  nc: NatsConnection;
  names: NatsNames;
}

async function connectCluster(config: Config): Promise<Cluster> {
  const nc = await connect({
    servers: config.natsUrl!.split(','),
    name: `exchange-${config.role}-${process.pid}`,
    maxReconnectAttempts: -1,
    // No stack captured per request (nats.js builds an Error for each request and JetStream
    // publish to decorate a later failure: 3-4 % of each process under load, ADR 217).
    noAsyncTraces: true,
  });
  return { nc, names: natsNames(config.natsPrefix) };
}

/** A gateway's engine: the stream first (nothing is missed), then the state from the database. */
async function startReplica(cluster: Cluster, database: DbHandle, log: (m: string) => void) {
  await ensureJournalStream(cluster.nc, cluster.names);
  const feed = await natsFeed(cluster.nc, cluster.names, log);
  const replica = await ReplicaEngine.start({
    edb: engineDb(database.db),
    link: natsLink(cluster.nc, cluster.names),
    botUsers: BOT_USERS,
    reviveError,
    unavailable: () => new AppError('ENGINE_UNAVAILABLE'),
    log,
  });
  feed.attach(replica);
  return { replica, stopFeed: () => feed.stop() };
}

export async function startExchange(options: StartOptions): Promise<RunningExchange> {
  const { config } = options;
  // The seed holds this clock at the moments of its past, the engine host included (ADR 269);
  // outside the seed it reads the given clock.
  const clock = new SeedClock(options.clock ?? systemClock);
  const ownDatabase = options.database === undefined;
  const database =
    options.database ??
    (await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, MIGRATIONS));
  let checked: { problems: string[]; maker?: string };
  try {
    checked = await startProblems(config, database);
    if (checked.problems.length > 0) throw new ConfigError(checked.problems);
  } catch (error) {
    if (ownDatabase) await database.close();
    throw error;
  }

  // A cluster role talks to the others over NATS (ADR 172); the embedded default needs nothing.
  const cluster = config.role === 'all' ? null : await connectCluster(config);
  const log = (m: string) => console.error(m);
  const gateway =
    cluster !== null && config.role === 'gateway' ? await startReplica(cluster, database, log) : null;
  const { app, services } = await buildApp({
    config,
    db: database.db,
    clock,
    ...(options.logger === false ? { logger: false } : {}),
    ...(options.onEngineFatal ? { onEngineFatal: options.onEngineFatal } : {}),
    ...(cluster !== null ? { bus: natsBus(cluster.nc, cluster.names, log) } : {}),
    ...(gateway !== null ? { engine: gateway.replica, jobs: false } : {}),
  });
  const stopServing =
    cluster !== null && gateway === null
      ? await serveEngine(cluster.nc, services.engine as EngineHost, cluster.names, (m) => app.log.error(m))
      : async () => {};
  // A gateway serves requests only: the engine process bootstraps, seeds and runs the bots.
  const leads = gateway === null;
  const admins = new AdminService(database.db, clock, new TokenStore(database.db, clock), config.rateLimit);
  const operator = leads
    ? await admins.bootstrap({
        dataDir: config.dataDir,
        email: config.adminEmail,
        password: config.adminPassword,
      })
    : null;
  // The feed is made here and started after the seed: the demo's flash history takes its first
  // step in the seeded past (seed/flash.ts).
  const feed = leads
    ? selectPriceFeed(config.priceFeed, options.feedSeed === undefined ? {} : { seed: options.feedSeed })
    : null;
  const demo = leads && config.seedDemo ? await seedDemo(database.db, clock, services.engine) : null;
  if (leads && config.seedDemo) await seedCommunity(database.db, clock);
  if (demo) {
    // The demo's past, before the feed and the bots run: the seeds' money moves in time order, each
    // dated as its record is (seed/timeline.ts, ADR 269). The world comes first (its products and
    // members are there before the others start), the savings and stakes with the operator who
    // reviews them (ADR 256), the flash history with the feed's first step.
    const reviewer = await seedOperator(services);
    const timeline = new SeedTimeline(clock);
    const log = (m: string) => app.log.warn(m);
    const outcomes = await timeline.play([
      () => seedWorld(services, demo.id, timeline),
      () => seedQueues(services, chainDomainOf(app), demo.id, timeline),
      async () => (reviewer ? seedEarn(services, demo.id, reviewer, { log, timeline }) : false),
      () => seedFlash(services, demo.id, { log, timeline, ...(feed ? { feed } : {}) }),
    ]);
    // A refusal of the world or the queues stops the start loudly, as it did run one by one.
    for (const o of outcomes) if (o.status === 'rejected') throw o.reason;
    if (reviewer) await seedSupport(services, demo.id, reviewer);
  }
  if (demo) await seedFaq(database.db, clock, { withdraw: config.withdraw });
  const stopLiquidity = !leads
    ? async () => {}
    : await startLiquidity(services, {
        feed: feed!,
        marketMaker: !config.marketMaker
          ? null
          : config.production
            ? { maker: checked.maker!, taker: null, mint: false }
            : { mint: true },
        ...(options.liquidityIntervalMs === undefined ? {} : { intervalMs: options.liquidityIntervalMs }),
        log: (m) => app.log.warn(m),
      });
  // The demo's futures need the feed's first mark, so they follow the liquidity start (ADR 219).
  if (demo) await seedFutures(services, demo.id, { log: (m) => app.log.warn(m) });
  // Its spot orders too (a fill dated in the seeded past would stop the feed's chart backfill).
  if (demo) await seedSpot(services, demo.id, { log: (m) => app.log.warn(m) });
  // The first proof of reserves now, after the seeds, rather than at the daily check a minute
  // later (ADR 256); a failure is logged as the daily job logs it, and that job tries again.
  if (leads) {
    await firstSnapshot(services).catch((e: unknown) =>
      app.log.error(e, 'first liabilities snapshot failed'),
    );
  }

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
    operator === null
      ? `  Gateway of the cluster ${config.natsPrefix} at ${config.natsUrl} (engine journal: ${services.engine.journalLength} commands applied)`
      : `  Operator: ${operator.email} / ${operator.password ?? '(password shown only when created, ADR 127; change it on the console Account page)'}`,
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
      await stopServing();
      await gateway?.stopFeed();
      await app.close();
      await cluster?.nc.drain();
      if (ownDatabase) await database.close();
    },
  };
}
