import { describe, expect, it } from 'vitest';
import { ChannelSender, type OutgoingMessage, outboxSender, SmtpSender } from '../src/account/sender.ts';
import { makeSender } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';

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

describe('SMS and release signing variables', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (e) {
      return (e as ConfigError).problems;
    }
  };

  it('selects the SMS gateway only when SID, token and sender are all set', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    const c = loadConfig({
      SMS_ACCOUNT_SID: 'AC0123',
      SMS_AUTH_TOKEN: 'tok',
      SMS_FROM: '+15005550006',
    });
    expect(c.sms).toEqual({
      baseUrl: 'https://api.twilio.com',
      accountSid: 'AC0123',
      authToken: 'tok',
      from: '+15005550006',
    });
    expect(problemsOf({ SMS_ACCOUNT_SID: 'AC0123' })).toEqual([
      'SMS_AUTH_TOKEN: is required when any of SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM is set',
      'SMS_FROM: is required when any of SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM is set',
    ]);
  });

  it('lists wrong SMS values and a malformed RELEASE_SIGNING_KEY at start', () => {
    const problems = problemsOf({
      SMS_URL: 'ftp://gateway',
      SMS_ACCOUNT_SID: 'AC 1',
      SMS_AUTH_TOKEN: 'tok',
      SMS_FROM: '0170 not a number!',
      RELEASE_SIGNING_KEY: 'abc',
    }).join('\n');
    for (const name of ['SMS_URL', 'SMS_ACCOUNT_SID', 'SMS_FROM', 'RELEASE_SIGNING_KEY']) {
      expect(problems).toContain(name);
    }
    expect(problems).toContain('RELEASE_SIGNING_KEY: must be 64 hex characters');
    expect(problems).not.toContain('abc');
  });

  it('accepts a 64-hex signing key (trimmed, as the release domain reads it) or an empty one', () => {
    expect(problemsOf({ RELEASE_SIGNING_KEY: ` ${'aB'.repeat(32)}\n` })).toEqual([]);
    expect(problemsOf({ RELEASE_SIGNING_KEY: '' })).toEqual([]);
    expect(problemsOf({ RELEASE_SIGNING_KEY: 'g'.repeat(64) })).toHaveLength(1);
    expect(problemsOf({ RELEASE_SIGNING_KEY: 'a'.repeat(66) })).toHaveLength(1);
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

  it('mails through the transport and keeps an outbox copy without the code', async () => {
    const mails: unknown[] = [];
    const sender = new SmtpSender(
      { sendMail: async (mail: unknown) => void mails.push(mail) } as never,
      'Exchange <no-reply@x>',
    );
    expect(await sender.deliver(message)).toEqual({ ...message, code: null, body: '(sent by SMTP)' });
    expect(mails).toEqual([
      { from: 'Exchange <no-reply@x>', to: 'a@example.com', subject: message.subject, text: message.body },
    ]);
  });

  it('a refused mail is SEND_FAILED, logged, without the transport error in the answer', async () => {
    const logged: unknown[] = [];
    const sender = new SmtpSender(
      {
        sendMail: async () => {
          throw new Error('535 auth failed for user secret');
        },
      } as never,
      'x@y',
      (details) => void logged.push(details),
    );
    await expect(sender.deliver(message)).rejects.toMatchObject({ errorName: 'SEND_FAILED', code: 1014 });
    expect(logged).toHaveLength(1);
  });

  it('the outbox is the embedded default for both channels; each channel is chosen on its own', async () => {
    const log = () => {};
    expect(makeSender(loadConfig({}), log)).toBe(outboxSender);
    expect(await outboxSender.deliver(message)).toEqual(message);
    const smsOnly = makeSender(
      loadConfig({ SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 't', SMS_FROM: '+15005550006' }),
      log,
    );
    expect(smsOnly).toBeInstanceOf(ChannelSender);
    // E-mail still lands in the outbox unchanged (with its code) when only SMS is configured.
    expect(await smsOnly.deliver(message)).toEqual(message);
  });
});
