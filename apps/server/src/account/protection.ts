import type {
  AddressBook,
  AddressCreateRequest,
  AntiPhishingRequest,
  Protection,
  WithdrawAddress,
  WithdrawRequest,
} from '@ex/contract';
import { translateServer } from '@ex/i18n';
import { type Kysely, sql } from 'kysely';
import { decodeAddress } from '../chain/address.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { Sender } from './sender.ts';
import type { TotpService } from './totp.ts';

// Withdrawal protection (issue 12 item 6, ADR 205 and 206): the address book with its allow-list
// mode, the hold after the allow list is turned off, and the anti-phishing code every e-mail shows.

/** A saved address can be used in allow-list mode this long after it was saved. */
export const ADDRESS_COOLING_MS = 24 * 3_600_000;
/** Withdrawals are held this long after the allow list was turned off (ADR 205). */
export const ALLOWLIST_OFF_HOLD_MS = 24 * 3_600_000;
export const ADDRESS_BOOK_MAX = 20;

interface ProtectionColumns {
  anti_phishing_code: string | null;
  withdraw_allowlist: boolean;
  withdraw_hold_until: string | null;
  totp_enabled_at: string | null;
}
interface WithdrawAddressesTable {
  id: string;
  user_id: string;
  coin: string;
  network: string;
  address: string;
  label: string;
  created_at: string;
}
export type ProtectionTables = {
  users: Database['users'] & ProtectionColumns;
  withdraw_addresses: WithdrawAddressesTable;
};

async function up(db: Kysely<Database>): Promise<void> {
  await sql`alter table users add column anti_phishing_code text`.execute(db);
  await sql`alter table users add column withdraw_allowlist boolean not null default false`.execute(db);
  await sql`alter table users add column withdraw_hold_until int8`.execute(db);
  await sql`alter table users add column deleted_at int8`.execute(db);
  await sql`
    create table withdraw_addresses (
      id bigserial primary key,
      user_id bigint not null references users(id),
      coin text not null,
      network text not null,
      address text not null,
      label text not null,
      created_at int8 not null
    )`.execute(db);
  await sql`create unique index withdraw_addresses_unique on withdraw_addresses (user_id, network, address)`.execute(
    db,
  );
}
/** `0730_account_protection`: address book, allow list, hold, anti-phishing code, closed accounts. */
export const ACCOUNT_PROTECTION_MIGRATION = { version: '0730_account_protection', up } as const;

function toAddress(r: WithdrawAddressesTable): WithdrawAddress {
  return {
    id: String(r.id),
    coin: r.coin,
    network: r.network,
    address: r.address,
    label: r.label,
    created_at: Number(r.created_at),
    usable_at: Number(r.created_at) + ADDRESS_COOLING_MS,
  };
}

const hoursLeft = (ms: number) => Math.max(1, Math.ceil(ms / 3_600_000));

export class ProtectionService {
  private readonly db;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly totp: TotpService,
  ) {
    this.db = db.withTables<ProtectionTables>();
  }

  private async user(userId: string) {
    const row = await this.db
      .selectFrom('users')
      .select(['anti_phishing_code', 'withdraw_allowlist', 'withdraw_hold_until', 'totp_enabled_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new AppError('UNAUTHORIZED');
    return row;
  }

  private holdUntil(value: string | null): number | null {
    return value !== null && Number(value) > this.clock.now() ? Number(value) : null;
  }

  async get(userId: string): Promise<Protection> {
    const u = await this.user(userId);
    return {
      totp_enabled: u.totp_enabled_at !== null,
      anti_phishing_code: u.anti_phishing_code,
      allowlist: u.withdraw_allowlist,
      withdraw_hold_until: this.holdUntil(u.withdraw_hold_until),
    };
  }

  /** A security setting: the authenticator code once 2FA is on (ADR 204). */
  async setAntiPhishing(userId: string, body: AntiPhishingRequest): Promise<Protection> {
    await this.totp.verifyIfEnabled(userId, body.totp_code);
    await this.db
      .updateTable('users')
      .set({ anti_phishing_code: body.code })
      .where('id', '=', userId)
      .execute();
    return this.get(userId);
  }

  async book(userId: string): Promise<AddressBook> {
    const [u, rows] = await Promise.all([
      this.user(userId),
      this.db
        .selectFrom('withdraw_addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute(),
    ]);
    return {
      allowlist: u.withdraw_allowlist,
      withdraw_hold_until: this.holdUntil(u.withdraw_hold_until),
      list: rows.map(toAddress),
    };
  }

  /**
   * Saving an address needs the second factor once 2FA is on: with the allow list on, a stolen
   * session must not be able to plant its own address and wait out the 24 hours.
   */
  async addAddress(userId: string, body: AddressCreateRequest): Promise<WithdrawAddress> {
    if (decodeAddress(body.address) === null) throw fieldError('address', 'validation.tron_address');
    const existing = await this.db
      .selectFrom('withdraw_addresses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(existing.n) >= ADDRESS_BOOK_MAX)
      throw new AppError('WITHDRAW_ADDRESS_LIMIT', { max: ADDRESS_BOOK_MAX });
    const same = await this.db
      .selectFrom('withdraw_addresses')
      .select('id')
      .where('user_id', '=', userId)
      .where('network', '=', body.network)
      .where('address', '=', body.address)
      .executeTakeFirst();
    if (same) throw new AppError('WITHDRAW_ADDRESS_EXISTS');
    await this.totp.verifyIfEnabled(userId, body.totp_code);
    try {
      const row = await this.db
        .insertInto('withdraw_addresses')
        .values({
          user_id: userId,
          coin: body.coin,
          network: body.network,
          address: body.address,
          label: body.label,
          created_at: String(this.clock.now()),
        } as never)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toAddress(row);
    } catch (error) {
      if ((error as { code?: unknown }).code === '23505') throw new AppError('WITHDRAW_ADDRESS_EXISTS');
      throw error;
    }
  }

  /** Own addresses only: another user's id answers 404 like an unknown one. */
  async removeAddress(userId: string, id: string): Promise<void> {
    const r = await this.db
      .deleteFrom('withdraw_addresses')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (r.numDeletedRows !== 1n) throw new AppError('NOT_FOUND');
  }

  /**
   * Turning the allow list on is always allowed (it only restricts). Turning it off needs the
   * second factor once 2FA is on and holds every withdrawal for 24 hours (ADR 205): the owner
   * has a day to notice and react if it was not them.
   */
  async setAllowlist(userId: string, enabled: boolean, totpCode: string | undefined): Promise<AddressBook> {
    const u = await this.user(userId);
    if (u.withdraw_allowlist !== enabled) {
      if (enabled) {
        await this.db
          .updateTable('users')
          .set({ withdraw_allowlist: true })
          .where('id', '=', userId)
          .execute();
      } else {
        await this.totp.verifyIfEnabled(userId, totpCode);
        await this.db
          .updateTable('users')
          .set({
            withdraw_allowlist: false,
            withdraw_hold_until: String(this.clock.now() + ALLOWLIST_OFF_HOLD_MS),
          })
          .where('id', '=', userId)
          .where('withdraw_allowlist', '=', true)
          .execute();
      }
    }
    return this.book(userId);
  }

  /**
   * The withdraw guard (withdraw/service.ts): the hold, then the allow list (a saved address of that
   * network, saved at least 24 h ago, compared exactly), then the second factor. Runs before any
   * money is frozen; every refusal changes nothing.
   */
  async checkWithdrawal(userId: string, body: WithdrawRequest): Promise<void> {
    const u = await this.user(userId);
    const now = this.clock.now();
    const hold = this.holdUntil(u.withdraw_hold_until);
    if (hold !== null) throw new AppError('WITHDRAW_HOLD', { hours: hoursLeft(hold - now) });
    if (u.withdraw_allowlist) {
      const saved = await this.db
        .selectFrom('withdraw_addresses')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('network', '=', body.network)
        .where('address', '=', body.address)
        .executeTakeFirst();
      if (!saved) throw new AppError('WITHDRAW_ADDRESS_NOT_SAVED');
      const usable = Number(saved.created_at) + ADDRESS_COOLING_MS;
      if (usable > now) throw new AppError('WITHDRAW_ADDRESS_TOO_NEW', { hours: hoursLeft(usable - now) });
    }
    await this.totp.verifyIfEnabled(userId, body.totp_code);
  }
}

/**
 * Every e-mail the exchange sends starts with the recipient's anti-phishing code when they set one
 * (ADR 206), whatever sends it (codes, new-login warnings, anything later): it wraps the sender,
 * so the outbox copy and the SMTP mail both carry it. Text messages are left as they are.
 */
export function withAntiPhishing(db: Db, inner: Sender): Sender {
  const users = db.withTables<ProtectionTables>();
  return {
    async deliver(message) {
      if (message.channel !== 'email') return inner.deliver(message);
      const row = await users
        .selectFrom('users')
        .select('anti_phishing_code')
        .where('email', '=', message.to)
        .executeTakeFirst();
      const code = row?.anti_phishing_code;
      if (!code) return inner.deliver(message);
      const line = translateServer(message.lang ?? 'de', 'mail.anti_phishing', { code });
      return inner.deliver({ ...message, body: `${line}\n\n${message.body}` });
    },
  };
}
