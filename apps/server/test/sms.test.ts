import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OutgoingMessage, TwilioSmsSender, toE164 } from '../src/account/sender.ts';
import { BACKENDS, PASSWORD, type TestApp, testApp } from './helpers/testApp.ts';

const SID = 'AC00000000000000000000000000000001';
const AUTH_TOKEN = 'test-auth-token';
const FROM = '+15005550006';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

type Answer = (res: ServerResponse) => void;

/** A real HTTP server speaking the slice of the Twilio Messages API the adapter uses. */
class FakeGateway {
  readonly seen: Seen[] = [];
  /** The next answers, in order; when empty, a 201 with a message SID. */
  readonly answers: Answer[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    this.seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      form: Object.fromEntries(new URLSearchParams(raw)),
    });
    const answer = this.answers.shift();
    if (answer) return answer(res);
    json(res, 201, { sid: `SM${String(this.seen.length).padStart(32, '0')}`, status: 'queued' });
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const twilioError = (status: number, code: number, message: string): Answer => {
  return (res) => json(res, status, { code, message, more_info: 'https://www.twilio.com/docs', status });
};

const message: OutgoingMessage = {
  channel: 'sms',
  to: '+49 01701234567',
  subject: 'Your verification code',
  body: 'Your verification code is 123456.',
  code: '123456',
  scene: 'register',
};

describe('Twilio SMS adapter against a local HTTP gateway', () => {
  const gateway = new FakeGateway();
  const logged: Record<string, unknown>[] = [];
  const sender = (over: Partial<ConstructorParameters<typeof TwilioSmsSender>[0]> = {}) =>
    new TwilioSmsSender({
      baseUrl: gateway.url,
      accountSid: SID,
      authToken: AUTH_TOKEN,
      from: FROM,
      log: (details) => void logged.push(details),
      ...over,
    });

  beforeAll(() => gateway.start());
  afterAll(() => gateway.stop());
  afterEach(() => {
    gateway.seen.length = 0;
    gateway.answers.length = 0;
    logged.length = 0;
  });

  it('posts a form with basic auth to the account Messages resource; the outbox copy has no code', async () => {
    const kept = await sender().deliver(message);
    expect(gateway.seen).toEqual([
      {
        method: 'POST',
        url: `/2010-04-01/Accounts/${SID}/Messages.json`,
        authorization: `Basic ${Buffer.from(`${SID}:${AUTH_TOKEN}`).toString('base64')}`,
        contentType: 'application/x-www-form-urlencoded',
        form: { To: '+491701234567', From: FROM, Body: message.body },
      },
    ]);
    expect(kept).toEqual({ ...message, code: null, body: `(sent by SMS, SM${'1'.padStart(32, '0')})` });
  });

  it('uses MessagingServiceSid for an MG... sender and keeps a base URL path', async () => {
    const service = `MG${'a'.repeat(32)}`;
    await sender({ from: service, baseUrl: `${gateway.url}/proxy/` }).deliver(message);
    expect(gateway.seen[0]?.url).toBe(`/proxy/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(gateway.seen[0]?.form).toEqual({
      To: '+491701234567',
      MessagingServiceSid: service,
      Body: message.body,
    });
  });

  it('an invalid number is PHONE_UNREACHABLE (the user can fix it)', async () => {
    gateway.answers.push(twilioError(400, 21211, "The 'To' number +4917 is not a valid phone number."));
    await expect(sender().deliver(message)).rejects.toMatchObject({
      errorName: 'PHONE_UNREACHABLE',
      code: 1015,
    });
    expect(logged[0]).toMatchObject({ status: 400, providerCode: 21211 });
  });

  it.each([
    ['wrong credentials', twilioError(401, 20003, 'Authenticate')],
    ['an account limit', twilioError(429, 20429, 'Too Many Requests')],
    [
      'an outage with an HTML page',
      (res: ServerResponse) => res.writeHead(502).end('<html>bad gateway</html>'),
    ],
    ['a 500 that is not JSON', (res: ServerResponse) => res.writeHead(500).end('oops')],
  ])('%s is SEND_FAILED', async (_name, answer) => {
    gateway.answers.push(answer);
    await expect(sender().deliver(message)).rejects.toMatchObject({ errorName: 'SEND_FAILED', code: 1014 });
    expect(logged).toHaveLength(1);
    // The auth token never reaches the log.
    expect(JSON.stringify(logged)).not.toContain(AUTH_TOKEN);
  });

  it('a gateway that does not answer in time, or refuses connections, is SEND_FAILED', async () => {
    gateway.answers.push(() => {
      // Never answers: the adapter's time-out must end the wait.
    });
    await expect(sender({ timeoutMs: 200 }).deliver(message)).rejects.toMatchObject({
      errorName: 'SEND_FAILED',
    });
    await expect(sender({ baseUrl: 'http://127.0.0.1:1' }).deliver(message)).rejects.toMatchObject({
      errorName: 'SEND_FAILED',
    });
  });

  it('normalises numbers to E.164', () => {
    expect(toE164('+49 01701234567')).toBe('+491701234567');
    expect(toE164('+49 1701234567')).toBe('+491701234567');
    expect(toE164('+39 0612345678')).toBe('+390612345678');
    expect(toE164('+1 (415) 555-0100')).toBe('+14155550100');
  });
});

describe.each(BACKENDS)('phone codes through the SMS gateway (%s)', (backend) => {
  const gateway = new FakeGateway();
  let t: TestApp;
  const SEND = '/api/app/account/captcha';
  const phone = { type: 'phone', account: '1701234567', area_code: '+49' } as const;

  beforeAll(async () => {
    await gateway.start();
    t = await testApp(backend, {
      env: { SMS_URL: gateway.url, SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: AUTH_TOKEN, SMS_FROM: FROM },
    });
  });
  afterAll(async () => {
    await t?.close();
    await gateway.stop();
  });

  async function snapshot() {
    return {
      codes: await t.db.selectFrom('verification_codes').selectAll().orderBy('id').execute(),
      outbox: await t.count('outbox'),
      users: await t.count('users'),
    };
  }

  function codeOf(seen: Seen | undefined): string {
    const code = /\d{6}/.exec(seen?.form.Body ?? '')?.[0];
    if (!code) throw new Error('no code in the SMS');
    return code;
  }

  it('sends the code by SMS in the request language; the outbox row keeps no code; e-mail stays in the outbox', async () => {
    const res = await t.call('POST', SEND, { body: { ...phone, scene: 'register' }, lang: 'en' });
    expect(res.status).toBe(200);
    expect(gateway.seen).toHaveLength(1);
    expect(gateway.seen[0]?.form.To).toBe('+491701234567');
    expect(gateway.seen[0]?.form.Body).toMatch(/verification code/i);
    const row = await t.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'sms', recipient: '+49 1701234567', code: null, scene: 'register' });
    expect(row.body).toMatch(/^\(sent by SMS, SM/);

    const mail = await t.call('POST', SEND, {
      body: { type: 'email', account: 'm@example.com', scene: 'register' },
    });
    expect(mail.status).toBe(200);
    expect(gateway.seen).toHaveLength(1);
    const mailRow = await t.db
      .selectFrom('outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mailRow).toMatchObject({ channel: 'email', recipient: 'm@example.com' });
    expect(mailRow.code).toMatch(/^\d{6}$/);
  });

  it('a refused SMS is a localised 503 (1014); nothing stored, the older code still works, no resend wait', async () => {
    t.clock.advance(61_000);
    const firstCode = codeOf(gateway.seen[0]);
    const before = await snapshot();
    const cases = [
      ['de', 'Der Code konnte nicht gesendet werden, bitte versuchen Sie es später erneut'],
      ['en', 'The code could not be sent, please try again later'],
      ['zh_CN', '验证码发送失败，请稍后重试'],
    ] as const;
    for (const [lang, text] of cases) {
      gateway.answers.push(twilioError(500, 20500, 'Internal Server Error'));
      const res = await t.call('POST', SEND, { body: { ...phone, scene: 'register' }, lang });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 1014, data: null, message: text });
    }
    expect(await snapshot()).toEqual(before);

    // The failure started no 60 s timer: the next try right away goes through.
    const retry = await t.call('POST', SEND, { body: { ...phone, scene: 'register' } });
    expect(retry.status).toBe(200);
    const secondCode = codeOf(gateway.seen.at(-1));
    // The retry replaced the first code; the first one is refused, the new one registers.
    const register = (code: string) =>
      t.call('POST', '/api/app/account/register', {
        body: { ...phone, password: PASSWORD, password_confirmation: PASSWORD, code },
        lang: 'en',
      });
    if (firstCode !== secondCode) expect((await register(firstCode)).body.code).toBe(1010);
    const ok = await register(secondCode);
    expect(ok.status).toBe(200);
    expect(await t.count('users')).toBe(before.users + 1);
  });

  it('a refusal keeps an unused earlier code valid', async () => {
    t.clock.advance(61_000);
    const other = { ...phone, account: '1709999999' };
    expect((await t.call('POST', SEND, { body: { ...other, scene: 'register' } })).status).toBe(200);
    const code = codeOf(gateway.seen.at(-1));
    t.clock.advance(61_000);
    const before = await snapshot();
    gateway.answers.push(twilioError(400, 21614, 'not a mobile number'));
    const refused = await t.call('POST', SEND, { body: { ...other, scene: 'register' }, lang: 'en' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 1015,
      data: null,
      message: 'This phone number cannot receive text messages',
    });
    expect(await snapshot()).toEqual(before);
    const ok = await t.call('POST', '/api/app/account/register', {
      body: { ...other, password: PASSWORD, password_confirmation: PASSWORD, code },
    });
    expect(ok.status).toBe(200);
  });
});
