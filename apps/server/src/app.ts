import { join } from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import nodemailer from 'nodemailer';
import type { AuthEvent } from './account/auth-cache.ts';
import { CaptchaService } from './account/captcha.ts';
import { CodeService } from './account/codes.ts';
import { PrivacyService } from './account/privacy.ts';
import { ProtectionService, withAntiPhishing } from './account/protection.ts';
import { protectionRoutes } from './account/protection-routes.ts';
import { accountRoutes } from './account/routes.ts';
import {
  ChannelSender,
  outboxSender,
  type Sender,
  type SenderLog,
  SmtpSender,
  TwilioSmsSender,
} from './account/sender.ts';
import { AccountService } from './account/service.ts';
import { SessionService } from './account/sessions.ts';
import type { TokenStore } from './account/tokens.ts';
import { TotpService } from './account/totp.ts';
import { adminRoutes } from './admin/routes.ts';
import { AdminService } from './admin/service.ts';
import { type AdminSessionPolicy, SessionTokenStore } from './admin/session.ts';
import { aiRoutes } from './ai/routes.ts';
import { apiKeyRoutes } from './apikeys/routes.ts';
import { ApiKeyService } from './apikeys/service.ts';
import { BOT_USERS } from './bot/users.ts';
import { registerChain } from './chain/wiring.ts';
import { type Clock, systemClock } from './clock.ts';
import { communityRoutes } from './community/routes.ts';
import type { Config } from './config.ts';
import { contractRoutes } from './contract/routes.ts';
import { ContractService } from './contract/service.ts';
import type { Db } from './db/db.ts';
import type { Services } from './deps.ts';
import { dividendRoutes } from './dividend/routes.ts';
import { EngineHost } from './engine/host.ts';
import { IdempotencyGate } from './engine/idempotency.ts';
import { marketBySymbol } from './engine/markets.ts';
import type { EnginePort } from './engine/port.ts';
import { InProcessPubSub } from './engine/pubsub.ts';
import { engineDb } from './engine/tables.ts';
import { type ClusterBus, inProcessBus } from './engine/transport.ts';
import { exchangeRoutes } from './exchange/routes.ts';
import { fileStoreOf, publicUploadRoutes } from './files/wiring.ts';
import { trustProxyOption } from './http/client.ts';
import { registerApiCompression } from './http/compress.ts';
import { answerClientError, badRequestBody, registerEnvelope } from './http/envelope.ts';
import { registerJsonBody } from './http/json-body.ts';
import { rateLimitOptions } from './http/rate-limit.ts';
import { sharedRateStore } from './http/rate-store.ts';
import { requestLoggerFactory } from './http/request-logger.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStatic } from './http/static.ts';
import { zodValidatorCompiler } from './http/validation.ts';
import { registerWs, type WsFeeds } from './http/ws.ts';
import { ieoRoutes } from './ieo/routes.ts';
import { kycRoutes } from './kyc/routes.ts';
import { isPublicChannel } from './market/channels.ts';
import { MarketData, PRIVATE_CHANNELS, privateTopic } from './market/data.ts';
import { marketRoutes } from './market/routes.ts';
import { otcRoutes } from './otc/routes.ts';
import { ADMIN_DIST, WEB_DIST } from './paths.ts';
import { registerReleases } from './release-wiring.ts';
import { reservesRoutes } from './reserves/routes.ts';
import { spotRoutes } from './spot/routes.ts';
import { SpotService } from './spot/service.ts';
import { stakingRoutes } from './staking/routes.ts';
import { statementsRoutes } from './statements/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { systemRoutes, uploadRoutes } from './system/routes.ts';
import { MAX_IMAGE_BYTES } from './system/upload.ts';
import { voteRoutes } from './vote/routes.ts';
import { walletRoutes } from './wallet/routes.ts';
import { WalletService } from './wallet/service.ts';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppDeps {
  config: Config;
  /** An already migrated database (see db/db.ts `openDatabase`). */
  db: Db;
  clock?: Clock;
  /** Defaults to `makeSender(config)`: SMTP / SMS gateway when configured, else the outbox table. */
  sender?: Sender;
  /** pino options, or false for none (tests). */
  logger?: FastifyServerOptions['logger'];
  webDist?: string;
  adminDist?: string;
  /** Operator session lifetimes; 15 min idle / 8 h absolute by default (ADR 126). */
  adminSession?: AdminSessionPolicy;
  /** A failed engine commit: main.ts exits non-zero (the engine is ahead of the database). */
  onEngineFatal?: (error: unknown) => void;
  /** The engine to build on: a gateway's replica (ADR 172). Default: the writer on `db`. */
  engine?: EnginePort;
  /** Announcements between processes (sessions, operator changes). Default: this process only. */
  bus?: ClusterBus;
  /** Timed jobs (earn accrual, liabilities snapshot, chain watcher) run here; off on gateways. */
  jobs?: boolean;
}

export interface App {
  app: FastifyInstance;
  services: Services;
}

/**
 * E-mail codes go through SMTP when SMTP_URL is set, phone codes through the Twilio-style SMS
 * gateway when SMS_* is set; each channel falls back to the embedded outbox on its own (ADR 007).
 */
export function makeSender(config: Config, log: SenderLog): Sender {
  const email = config.smtpUrl
    ? new SmtpSender(nodemailer.createTransport(config.smtpUrl), config.mailFrom, log)
    : outboxSender;
  const sms = config.sms ? new TwilioSmsSender({ ...config.sms, log }) : outboxSender;
  return email === outboxSender && sms === outboxSender ? outboxSender : new ChannelSender({ email, sms });
}

/**
 * Periodic engine snapshots on their own thread (ADR 176): on in the server, off in tests (a thread
 * per test app costs more than the snapshots it saves; engine-snapshot-thread.test.ts covers it).
 * SNAPSHOT_THREAD=0 or 1 decides explicitly.
 */
function snapshotThreadOn(): boolean {
  const set = process.env.SNAPSHOT_THREAD;
  if (set !== undefined) return set !== '0';
  return process.env.VITEST === undefined && process.env.NODE_ENV !== 'test';
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers':
    'authorization, content-type, accept-language, idempotency-key, x-device-id',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-max-age': '600',
};

/** The whole HTTP app without listening: `main.ts` listens, tests call `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    // Request ids make a 500 in the log findable from a client report.
    genReqId: () => crypto.randomUUID(),
    // A request's logger is made on its first line; at warn most requests write none (ADR 232).
    childLoggerFactory: requestLoggerFactory,
    // Requests Fastify cannot route (bad URL encoding) or Node cannot parse (headers too large,
    // broken framing) still get the envelope instead of Fastify's own JSON shape.
    frameworkErrors: (_error, request, reply) => {
      // The reply type here is generic over every route schema; only its raw methods are needed.
      (reply as unknown as FastifyReply)
        .status(400)
        .type('application/json; charset=utf-8')
        .send(badRequestBody(request));
    },
    clientErrorHandler: answerClientError,
  });
  // Operator tokens are short-lived and slide on use; user tokens are unchanged (ADR 126).
  const tokens: TokenStore = new SessionTokenStore(db, clock, deps.adminSession);
  const captcha = new CaptchaService(db, clock, config.captcha);
  const senderLog: SenderLog = (details, message) => app.log.warn(details, message);
  // Every e-mail carries the recipient's anti-phishing code (ADR 206).
  const sender = withAntiPhishing(db, deps.sender ?? makeSender(config, senderLog));
  const codes = new CodeService(db, clock, sender, {
    perClientPerHour: config.rateLimit.codeSendsPerClientPerHour,
    perTargetPerHour: config.rateLimit.codeSendsPerTargetPerHour,
    perTargetPerDay: config.rateLimit.codeSendsPerTargetPerDay,
    perAreaCodePerHour: config.rateLimit.codeSendsPerAreaCodePerHour,
  });
  const engine: EnginePort =
    deps.engine ??
    (await EngineHost.start({
      db,
      clock,
      botUsers: BOT_USERS,
      snapshotThread: snapshotThreadOn(),
      log: (message) => app.log.error(message),
      ...(deps.onEngineFatal ? { onFatal: deps.onEngineFatal } : {}),
    }));
  app.addHook('onClose', async () => engine.close());
  // Revocations and bans reach every gateway's session cache (account/auth-cache.ts).
  const bus = deps.bus ?? inProcessBus();
  tokens.announce = (event) => bus.publish('auth', event);
  const offAuth = bus.subscribe('auth', (event) => tokens.forget(event as AuthEvent));
  app.addHook('onClose', async () => offAuth());
  const edb = engineDb(db);
  const idempotency = new IdempotencyGate(edb);
  const pubsub = new InProcessPubSub();
  const market = new MarketData(engine, pubsub, () => clock.now());
  await market.load(edb);
  const feeds: WsFeeds = {
    pubsub,
    snapshot: (channel) => {
      const m = /^depth:([A-Z0-9_]+)$/.exec(channel);
      if (m === null || marketBySymbol(m[1]!) === undefined) return undefined;
      const d = market.depth(m[1]!, 50);
      return { type: 'snapshot', seq: d.seq, data: d };
    },
    privateTopic: (channel, userId) =>
      (PRIVATE_CHANNELS as readonly string[]).includes(channel) ? privateTopic(channel, userId) : undefined,
    isPublic: isPublicChannel,
  };
  const totp = new TotpService(db, clock);
  const services: Services = {
    config,
    db,
    clock,
    tokens,
    captcha,
    sender,
    accounts: new AccountService(db, clock, tokens, codes, captcha, config.rateLimit),
    apiKeys: new ApiKeyService(db, clock),
    sessions: new SessionService(db, clock, tokens, sender),
    totp,
    protection: new ProtectionService(db, clock, totp),
    privacy: new PrivacyService(db, clock, tokens, totp, engine),
    admins: new AdminService(db, clock, tokens, config.rateLimit),
    engine,
    bus,
    jobs: deps.jobs ?? true,
    edb,
    pubsub,
    idempotency,
    wallet: new WalletService(engine, edb, idempotency),
    spot: new SpotService(engine, edb, idempotency),
    market,
    contract: new ContractService(engine, edb),
    webDist: deps.webDist ?? WEB_DIST,
    adminDist: deps.adminDist ?? ADMIN_DIST,
  };

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerEnvelope(app);

  registerJsonBody(app);

  // Bearer tokens, no cookies: any origin may call the API (the Capacitor app runs on its own).
  // A callback hook, not an async one: no promise per request (ADR 213; 1-2 us a request in the
  // fourteenth session's ablation, docs/benchmarks.md).
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin) return done();
    reply.headers(CORS_HEADERS);
    if (request.method === 'OPTIONS') return reply.status(204).send();
    done();
  });

  const imageOrigin = new URL(config.imageBaseUrl).origin;
  // helmet's headers, computed once instead of per response (http/security-headers.ts, ADR 174).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd-mobile and the charts set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', imageOrigin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        // The in-app browser (/WebView) frames only these: own origin, image host, WEBVIEW_HOSTS (ADR 201).
        frameSrc: ["'self'", imageOrigin, ...config.webviewHosts.map((h) => `https://${h}`)],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  // Per account or client address, in separate budgets, API only (ADR 100); in a cluster the
  // gateways share their counts over the bus (ADR 236).
  const rateStore = sharedRateStore({ ...(deps.bus ? { bus: deps.bus } : {}), id: crypto.randomUUID() });
  app.addHook('onClose', async () => rateStore.close());
  await app.register(rateLimit, { ...rateLimitOptions(config.rateLimit, tokens), store: rateStore.Store });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Exchange API',
        version: '0.1.0',
        description: 'Envelope: { code, data, message, errors? }',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  await registerWs(app, { tokens, feeds: () => feeds });

  // API-key signed requests beside bearer tokens (http/auth.ts, ADR 202).
  app.decorate('apiKeyAuth', (request: FastifyRequest) =>
    services.apiKeys.authenticate(request, request.rawBody ?? ''),
  );
  app.register(async (api) => {
    await registerApiCompression(api);
    systemRoutes(api, services);
    // Multipart bodies only where a file is taken (here and the release upload, which registers
    // its own): the plugin's response hook ran on every request (ADR 229).
    await api.register(async (uploads) => {
      await uploads.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20 } });
      uploadRoutes(uploads, services);
    });
    accountRoutes(api, services);
    protectionRoutes(api, services);
    apiKeyRoutes(api, services);
    adminRoutes(api, services);
    marketRoutes(api, services);
    walletRoutes(api, services);
    spotRoutes(api, services);
    contractRoutes(api, services);
    kycRoutes(api, services);
    communityRoutes(api, services);
    exchangeRoutes(api, services);
    otcRoutes(api, services);
    ieoRoutes(api, services);
    aiRoutes(api, services);
    stakingRoutes(api, services);
    dividendRoutes(api, services);
    voteRoutes(api, services);
    reservesRoutes(api, services);
    statementsRoutes(api, services);
    supportRoutes(api, services);
    await registerReleases(api, services);
    await registerChain(app, api, services);
  });

  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());

  // Public uploads: static files from DATA_DIR, or from the shared store in a cluster (ADR 240).
  const files = fileStoreOf(services);
  if (files.kind !== 'fs') publicUploadRoutes(app, files);
  await registerStatic(app, {
    webDist: services.webDist,
    adminDist: services.adminDist,
    uploadsDir: files.kind === 'fs' ? join(config.dataDir, 'uploads') : undefined,
  });

  await app.ready();
  return { app, services };
}
