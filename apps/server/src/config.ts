import { resolve } from 'node:path';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'on', 'off', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === '1' || v === 'on' || v === 'true'));

// The environment as API.md lists it, plus SMTP_URL/MAIL_FROM, SMS_*, RELEASE_SIGNING_KEY, the
// rate-limit knobs and LOG_LEVEL.
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  CAPTCHA: flag(true),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must have at least 8 characters' }).optional(),
  PRICE_FEED: z
    .string()
    .regex(/^(simulated|ccxt:[a-z0-9]+(,[a-z0-9]+)*)$/, {
      error: 'must be simulated or ccxt:<exchange id>[,<exchange id>...]',
    })
    .default('simulated'),
  CHAIN: z.enum(['simulated', 'tron']).default('simulated'),
  TRON_API_URL: z.url().optional(),
  TRON_API_KEY: z.string().optional(),
  // The HD seed of deposit addresses and the hot wallet (chain/hd.ts); unset: DATA_DIR/chain/mnemonic.
  CHAIN_MNEMONIC: z.string().optional(),
  TRON_USDC_CONTRACT: z
    .string()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, { error: 'must be a TRON base58 address' })
    .optional(),
  IMAGE_BASE_URL: z.url().optional(),
  // Extra hosts the in-app browser (/WebView) may open, comma-separated ("docs.example.com,help.example.com");
  // the app's own origin and the image host are always allowed (ADR 201).
  WEBVIEW_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?(,[a-z0-9.-]+(:\d+)?)*$/i, { error: 'must be host names separated by commas' })
    .optional(),
  // Default on, except in production (CHAIN=tron or NODE_ENV=production; ADR 121), where it is
  // refused.
  SEED_DEMO: flag(true),
  // The market-maker bot of the embedded default (bot/); tests build the app without starting it.
  // Default on, except in production, where it quotes from MARKET_MAKER_ACCOUNT and is never minted.
  MARKET_MAKER: flag(true),
  MARKET_MAKER_ACCOUNT: z.email().optional(),
  NODE_ENV: z.string().optional(),
  /** all: one process (the embedded default); engine / gateway: a cluster over NATS (ADR 172). */
  ROLE: z.enum(['all', 'engine', 'gateway']).default('all'),
  NATS_URL: z.string().min(1).optional(),
  NATS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .default('ex'),
  // Where uploads and release bundles are stored (files/, ADR 240): fs = DATA_DIR, db = the
  // database. Unset: fs for ROLE=all, db for the cluster roles (every gateway sees every file).
  FILE_STORE: z.enum(['fs', 'db']).optional(),
  // Per-user upload quota and the free-space guard of DATA_DIR (system/upload.ts, ADR 123).
  UPLOAD_MAX_FILES_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(200),
  UPLOAD_MAX_MB_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(200),
  UPLOAD_MIN_FREE_MB: z.coerce.number().int().min(0).max(100_000_000).default(1024),
  // Flash exchange fee in percent of the received amount (exchange/, ADR 075).
  EXCHANGE_FEE_PERCENT: z
    .string()
    .regex(/^(0|[1-9]\d?)(\.\d{1,4})?$/, { error: 'must be a percentage below 100 such as 0.2' })
    .default('0.2'),
  // Flash exchange caps in whole USDC of the quote's value: one quote, and one user per UTC day
  // (ADR 111). The float pays from its own budget (ADR 113).
  FLASH_MAX_QUOTE_USDC: z.coerce.number().int().min(1).max(1_000_000_000).default(10_000),
  FLASH_DAILY_USDC: z.coerce.number().int().min(1).max(1_000_000_000).default(50_000),
  // Low-water marks of the purpose treasuries (ADR 113): "flash.USDC=10000,otc.BTC=0.5". A balance
  // below its mark is logged and flagged in GET /api/admin/treasury/accounts.
  TREASURY_LOW_WATER: z
    .string()
    .regex(/^([a-z]+\.[A-Z0-9]+=\d+(\.\d+)?)(,[a-z]+\.[A-Z0-9]+=\d+(\.\d+)?)*$/, {
      error: 'must look like flash.USDC=10000,otc.BTC=0.5',
    })
    .default('flash.USDC=10000,otc.USDC=1000,earn.USDC=1000,dividend.USDC=1000'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().default('Exchange <no-reply@exchange.local>'),
  // Phone codes through a gateway speaking the Twilio Messages API (ADR 007).
  SMS_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be the account SID (letters and digits)' })
    .optional(),
  SMS_AUTH_TOKEN: z.string().min(1).max(256).optional(),
  SMS_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{5,14}|MG[0-9a-fA-F]{32}|[A-Za-z0-9 ]{1,11})$/, {
      error: 'must be an E.164 number (+4915...), a sender id of up to 11 letters/digits, or an MG... SID',
    })
    .optional(),
  // The server no longer signs releases (ADR 128): this seed belongs to `npm run release` on the
  // operator's machine. Still parsed so a shell that exports it for the script can start a demo
  // server; a production server refuses to start with it (src/release/keys.ts).
  RELEASE_SIGNING_KEY: z
    .string()
    .regex(/^\s*([0-9a-fA-F]{64})?\s*$/, { error: 'must be 64 hex characters (an ed25519 seed)' })
    .optional(),
  // The release public key uploads are verified against (ADR 128; read by src/release/keys.ts,
  // which also refuses a missing or DEV/TEST key in production); checked here so a wrong value is
  // listed at start.
  RELEASE_PUBLIC_KEY: z
    .string()
    .regex(/^\s*([0-9a-fA-F]{64})?\s*$/, { error: 'must be 64 hex characters (an ed25519 public key)' })
    .optional(),
  // The ed25519 seed that signs the published liabilities root (ADR 140; read by src/reserves/keys.ts).
  // Without it a production server publishes no proof; the embedded default keeps one in DATA_DIR.
  LIABILITIES_SIGNING_KEY: z
    .string()
    .regex(/^\s*([0-9a-fA-F]{64})?\s*$/, { error: 'must be 64 hex characters (an ed25519 seed)' })
    .optional(),
  // The proxies in front of the server: a hop count or their addresses/CIDRs (ADR 100). "Trust every
  // hop" is refused: X-Forwarded-For would then pick the client's address and every limit.
  TRUST_PROXY: z
    .string()
    .regex(/^(0|false|off|[1-9]\d?|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
      error:
        'must be the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,fd00::/8); trusting every hop lets a client choose its own address',
    })
    .optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  ACCOUNT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  TRADE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  MONEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  UPDATE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  CODE_SENDS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Rules across variables, checked on the raw values so they are listed even when others fail. */
function crossProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.CHAIN === 'tron' && !env.TRON_API_URL) problems.push('TRON_API_URL: is required when CHAIN=tron');
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    problems.push('ADMIN_PASSWORD: set ADMIN_EMAIL and ADMIN_PASSWORD together');
  }
  const sms = ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const;
  const missing = sms.filter((name) => !env[name]);
  if (missing.length > 0 && missing.length < sms.length) {
    for (const name of missing) problems.push(`${name}: is required when any of ${sms.join(', ')} is set`);
  }
  return problems;
}

export interface RateLimitConfig {
  /** Requests per minute per anonymous client (IPv4 address, IPv6 /64) over the API (ADR 100). */
  globalPerMinute: number;
  /** Requests per minute per logged-in account over the API (all its tokens and addresses). */
  perAccountPerMinute: number;
  /** Order placing and cancelling: a budget of its own, so reading does not starve trading. */
  tradePerMinute: number;
  /** Withdrawals, transfers, exchange and other money moves, per account. */
  moneyPerMinute: number;
  /** `POST /api/app/update`, called by every app on every return to the foreground. */
  updatePerMinute: number;
  /** Verification codes per client address and per device id per hour (ADR 104). */
  codeSendsPerClientPerHour: number;
  /** Codes per e-mail address or phone number per hour and per day. */
  codeSendsPerTargetPerHour: number;
  codeSendsPerTargetPerDay: number;
  /** Text messages per country calling code per hour, all numbers together (SMS pumping). */
  codeSendsPerAreaCodePerHour: number;
  /** Per IP per minute on login, register, code sending and captcha. */
  authPerIpPerMinute: number;
  /** Failed logins per account before it is locked for `loginLockMs`. */
  loginFailuresPerAccount: number;
  loginLockMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Which part of the exchange this process runs (ADR 172). */
  role: 'all' | 'engine' | 'gateway';
  natsUrl: string | undefined;
  natsPrefix: string;
  /** Where uploads and release bundles live (ADR 240): DATA_DIR, or the shared database. */
  fileStore: 'fs' | 'db';
  captcha: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  priceFeed: string;
  chain: 'simulated' | 'tron';
  /** CHAIN=tron: the node, its API key and the USDC contract (mainnet's when unset). */
  tron: { apiUrl: string; apiKey: string | undefined; usdcContract: string | undefined } | undefined;
  chainMnemonic: string | undefined;
  imageBaseUrl: string;
  /** Hosts /WebView may show besides the app's own origin: the image host plus WEBVIEW_HOSTS. */
  webviewHosts: string[];
  seedDemo: boolean;
  marketMaker: boolean;
  /** CHAIN=tron or NODE_ENV=production: real money; the start refuses demo funds and the simulator. */
  production: boolean;
  /** Production market maker: the e-mail of the ordinary account it quotes from. */
  marketMakerAccount: string | undefined;
  uploads: { maxFilesPerUser: number; maxBytesPerUser: number; minFreeBytes: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Phone codes go to this gateway when set; otherwise to the outbox. */
  sms: { baseUrl: string; accountSid: string; authToken: string; from: string } | undefined;
  logLevel: string;
  /**
   * Behind a load balancer: how many proxy hops, or which proxy addresses, to peel off
   * X-Forwarded-For (ADR 100); false: the socket address is the client.
   */
  trustProxy: false | number | string[];
  rateLimit: RateLimitConfig;
  withdraw: { coin: string; network: string; fee: string; min: string; max: string }[];
  /** Flash exchange fee, percent as a decimal string ("0.2"). */
  exchangeFeePercent: string;
  /** Flash exchange caps in whole USDC: per quote and per user per UTC day (ADR 111). */
  flashMaxQuoteUsdc: number;
  flashDailyUsdc: number;
  /** Low-water marks of the purpose treasuries, "purpose.COIN=amount" joined by commas (ADR 113). */
  treasuryLowWater: string;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = {
  globalPerMinute: 600,
  perAccountPerMinute: 600,
  tradePerMinute: 1200,
  moneyPerMinute: 30,
  updatePerMinute: 600,
  codeSendsPerClientPerHour: 20,
  codeSendsPerTargetPerHour: 5,
  codeSendsPerTargetPerDay: 10,
  codeSendsPerAreaCodePerHour: 300,
  authPerIpPerMinute: 30,
  loginFailuresPerAccount: 5,
  loginLockMs: 15 * 60_000,
};

export const DEFAULT_WITHDRAW = [{ coin: 'USDC', network: 'TRC20', fee: '1', min: '10', max: '100000' }];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * What production (CHAIN=tron or NODE_ENV=production) refuses, in the wording of the config errors.
 * Checked at start (start.ts) together with the feed and the database, so every problem is listed at
 * once; loadConfig itself still parses such a configuration (tests build apps from it). ADR 121.
 */
/** A cluster role needs NATS and a shared PostgreSQL (ADR 172). */
export function roleProblems(config: Config): string[] {
  if (config.role === 'all') return [];
  const problems: string[] = [];
  if (config.natsUrl === undefined)
    problems.push(`NATS_URL: ROLE=${config.role} runs in a cluster over NATS`);
  if (config.databaseUrl === undefined)
    problems.push(`DATABASE_URL: ROLE=${config.role} shares one PostgreSQL with the other processes`);
  return problems;
}

export function productionProblems(config: Config): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  if (config.seedDemo) {
    problems.push(
      'SEED_DEMO: must be off in production (CHAIN=tron or NODE_ENV=production): the demo login has a public password and minted, unbacked funds',
    );
  }
  if (config.priceFeed === 'simulated') {
    problems.push(
      'PRICE_FEED: the simulated feed never marks real positions; production needs PRICE_FEED=ccxt:<exchange ids>',
    );
  }
  if (config.marketMaker && config.marketMakerAccount === undefined) {
    problems.push(
      'MARKET_MAKER_ACCOUNT: is required when MARKET_MAKER is on in production: the bot quotes from an ordinary account funded by deposits, never from minted funds',
    );
  }
  return problems;
}

/** TRUST_PROXY: unset/0/false/off -> false; a small integer -> hop count; else a list of addresses. */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === '0' || value === 'false' || value === 'off') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((v) => v.trim());
}

/** Parses the environment once at boot; every wrong value is listed, not just the first. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)),
    ...crossProblems(env),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  const production = e.CHAIN === 'tron' || e.NODE_ENV === 'production';
  const imageBase = e.IMAGE_BASE_URL ?? `http://${displayHost}:${e.PORT}/uploads/`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    role: e.ROLE,
    natsUrl: e.NATS_URL,
    natsPrefix: e.NATS_PREFIX,
    fileStore: e.FILE_STORE ?? (e.ROLE === 'all' ? 'fs' : 'db'),
    captcha: e.CAPTCHA,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    priceFeed: e.PRICE_FEED,
    chain: e.CHAIN,
    tron: e.TRON_API_URL
      ? { apiUrl: e.TRON_API_URL, apiKey: e.TRON_API_KEY, usdcContract: e.TRON_USDC_CONTRACT }
      : undefined,
    chainMnemonic: e.CHAIN_MNEMONIC,
    imageBaseUrl: imageBase.endsWith('/') ? imageBase : `${imageBase}/`,
    webviewHosts: [
      ...new Set([new URL(imageBase).host, ...(e.WEBVIEW_HOSTS?.toLowerCase().split(',') ?? [])]),
    ],
    // Unset means on only where no real money is at stake; an explicit value is taken as given
    // and productionProblems() refuses the unsafe ones at start.
    // SEED_DEMO: unset means on only for the embedded default (no DATABASE_URL, not production): a
    // PostgreSQL the operator points us at never gets the demo world unasked (ADR 151).
    seedDemo: env.SEED_DEMO === undefined ? !production && e.DATABASE_URL === undefined : e.SEED_DEMO,
    marketMaker: env.MARKET_MAKER === undefined ? !production : e.MARKET_MAKER,
    production,
    marketMakerAccount: e.MARKET_MAKER_ACCOUNT,
    uploads: {
      maxFilesPerUser: e.UPLOAD_MAX_FILES_PER_USER,
      maxBytesPerUser: e.UPLOAD_MAX_MB_PER_USER * 1024 * 1024,
      minFreeBytes: e.UPLOAD_MIN_FREE_MB * 1024 * 1024,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms:
      e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? { baseUrl: e.SMS_URL, accountSid: e.SMS_ACCOUNT_SID, authToken: e.SMS_AUTH_TOKEN, from: e.SMS_FROM }
        : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimit: {
      ...DEFAULT_RATE_LIMIT,
      ...(e.RATE_LIMIT_PER_MINUTE ? { globalPerMinute: e.RATE_LIMIT_PER_MINUTE } : {}),
      ...(e.AUTH_RATE_LIMIT_PER_MINUTE ? { authPerIpPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE } : {}),
      ...(e.ACCOUNT_RATE_LIMIT_PER_MINUTE ? { perAccountPerMinute: e.ACCOUNT_RATE_LIMIT_PER_MINUTE } : {}),
      ...(e.TRADE_RATE_LIMIT_PER_MINUTE ? { tradePerMinute: e.TRADE_RATE_LIMIT_PER_MINUTE } : {}),
      ...(e.MONEY_RATE_LIMIT_PER_MINUTE ? { moneyPerMinute: e.MONEY_RATE_LIMIT_PER_MINUTE } : {}),
      ...(e.UPDATE_RATE_LIMIT_PER_MINUTE ? { updatePerMinute: e.UPDATE_RATE_LIMIT_PER_MINUTE } : {}),
      ...(e.CODE_SENDS_PER_CLIENT_PER_HOUR
        ? { codeSendsPerClientPerHour: e.CODE_SENDS_PER_CLIENT_PER_HOUR }
        : {}),
    },
    withdraw: DEFAULT_WITHDRAW,
    exchangeFeePercent: e.EXCHANGE_FEE_PERCENT,
    flashMaxQuoteUsdc: e.FLASH_MAX_QUOTE_USDC,
    flashDailyUsdc: e.FLASH_DAILY_USDC,
    treasuryLowWater: e.TREASURY_LOW_WATER,
  };
}
