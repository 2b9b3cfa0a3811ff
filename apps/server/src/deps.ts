import type { CaptchaService } from './account/captcha.ts';
import type { AccountService } from './account/service.ts';
import type { TokenStore } from './account/tokens.ts';
import type { AdminService } from './admin/service.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';

/** What the domains get from the composition root. */
export interface Services {
  config: Config;
  db: Db;
  clock: Clock;
  tokens: TokenStore;
  captcha: CaptchaService;
  accounts: AccountService;
  admins: AdminService;
  /** Absolute paths of the built web app and admin console (may not exist). */
  webDist: string;
  adminDist: string;
}
