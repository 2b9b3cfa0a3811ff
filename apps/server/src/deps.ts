import type { CaptchaService } from './account/captcha.ts';
import type { PrivacyService } from './account/privacy.ts';
import type { ProtectionService } from './account/protection.ts';
import type { Sender } from './account/sender.ts';
import type { AccountService } from './account/service.ts';
import type { SessionService } from './account/sessions.ts';
import type { TokenStore } from './account/tokens.ts';
import type { TotpService } from './account/totp.ts';
import type { AdminService } from './admin/service.ts';
import type { ApiKeyService } from './apikeys/service.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { ContractService } from './contract/service.ts';
import type { Db } from './db/db.ts';
import type { IdempotencyGate } from './engine/idempotency.ts';
import type { EnginePort } from './engine/port.ts';
import type { PubSub } from './engine/pubsub.ts';
import type { EngineDb } from './engine/tables.ts';
import type { ClusterBus } from './engine/transport.ts';
import type { MarketData } from './market/data.ts';
import type { SpotService } from './spot/service.ts';
import type { WalletService } from './wallet/service.ts';

/** What the domains get from the composition root. */
export interface Services {
  config: Config;
  db: Db;
  clock: Clock;
  tokens: TokenStore;
  captcha: CaptchaService;
  /** Mail and text messages (the outbox by default), e-mails with the anti-phishing line (ADR 206). */
  sender: Sender;
  accounts: AccountService;
  apiKeys: ApiKeyService;
  sessions: SessionService;
  totp: TotpService;
  /** Address book, allow list, anti-phishing code (ADR 205, 206). */
  protection: ProtectionService;
  /** Data export and closing the account (ADR 207). */
  privacy: PrivacyService;
  admins: AdminService;
  /** The single-writer engine host (engine/host.ts) and what is built on it. */
  engine: EnginePort;
  /** Announcements every process hears (engine/transport.ts). */
  bus: ClusterBus;
  /** Whether this process runs the timed jobs (one process in a cluster: the engine's). */
  jobs: boolean;
  edb: EngineDb;
  pubsub: PubSub;
  idempotency: IdempotencyGate;
  wallet: WalletService;
  spot: SpotService;
  market: MarketData;
  contract: ContractService;
  /** Absolute paths of the built web app and admin console (may not exist). */
  webDist: string;
  adminDist: string;
}
