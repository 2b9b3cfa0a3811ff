import { describe, expect, it } from 'vitest';
import { FailureLimiter } from '../src/account/limiter.ts';
import { OutboxSender, type OutgoingMessage, SmtpSender } from '../src/account/sender.ts';
import { ManualClock } from '../src/clock.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/db.ts';

describe('configuration', () => {
  it('defaults give the embedded setup', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      captcha: true,
      priceFeed: 'simulated',
      chain: 'simulated',
      imageBaseUrl: 'http://127.0.0.1:8080/uploads/',
      seedDemo: true,
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads every variable of the table', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      CAPTCHA: 'off',
      ADMIN_EMAIL: 'a@b.de',
      ADMIN_PASSWORD: 'longenough',
      PRICE_FEED: 'ccxt:binance',
      CHAIN: 'tron',
      TRON_API_URL: 'https://api.trongrid.io',
      IMAGE_BASE_URL: 'https://cdn.example.com/img',
      SEED_DEMO: '0',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      captcha: false,
      adminEmail: 'a@b.de',
      priceFeed: 'ccxt:binance',
      chain: 'tron',
      imageBaseUrl: 'https://cdn.example.com/img/',
      seedDemo: false,
    });
  });

  it('lists every wrong value at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        CAPTCHA: 'maybe',
        DATABASE_URL: 'mysql://x',
        CHAIN: 'tron',
        ADMIN_EMAIL: 'a@b.de',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'CAPTCHA', 'DATABASE_URL', 'TRON_API_URL', 'ADMIN_PASSWORD']) {
      expect(problems).toContain(name);
    }
  });
});

describe('SMTP sender', () => {
  const message: OutgoingMessage = {
    channel: 'email',
    to: 'a@example.com',
    subject: 'Your verification code',
    body: 'Your verification code is 123456.',
    code: '123456',
    scene: 'register',
  };

  function fakes() {
    const mails: unknown[] = [];
    const rows: OutgoingMessage[] = [];
    const transport = {
      sendMail: async (mail: unknown) => {
        mails.push(mail);
        return {};
      },
    };
    const outbox = { send: async (m: OutgoingMessage) => void rows.push(m) } as unknown as OutboxSender;
    return { mails, rows, sender: new SmtpSender(transport as never, 'Exchange <no-reply@x>', outbox) };
  }

  it('mails through the transport and keeps an outbox row without the code', async () => {
    const { mails, rows, sender } = fakes();
    await sender.send(message);
    expect(mails).toEqual([
      { from: 'Exchange <no-reply@x>', to: 'a@example.com', subject: message.subject, text: message.body },
    ]);
    expect(rows).toEqual([{ ...message, code: null, body: '(sent by SMTP)' }]);
  });

  it('leaves text messages to the outbox', async () => {
    const { mails, rows, sender } = fakes();
    await sender.send({ ...message, channel: 'sms', to: '+49 170' });
    expect(mails).toEqual([]);
    expect(rows).toHaveLength(1);
  });

  it('outbox sender is the embedded default', () => {
    expect(new OutboxSender({} as Db, new ManualClock())).toBeInstanceOf(OutboxSender);
  });
});

describe('failure limiter', () => {
  it('locks after the limit inside the window and forgets after it', () => {
    const clock = new ManualClock(0);
    const limiter = new FailureLimiter(clock, 3, 1000);
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.lockedForMs('k')).toBe(0);
      limiter.fail('k');
    }
    expect(limiter.lockedForMs('k')).toBe(1000);
    expect(limiter.lockedForMs('other')).toBe(0);
    clock.advance(1000);
    expect(limiter.lockedForMs('k')).toBe(0);
  });
});
