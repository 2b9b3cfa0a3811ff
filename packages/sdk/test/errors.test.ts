import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, isApiError, isValidationError, SessionError, ValidationError } from '../src/index.ts';
import { type Harness, harness, json, untilRequests } from './server.ts';

let h: Harness;
afterEach(async () => {
  await h.server.close();
});

const errors = { password_confirmation: ['The two passwords are inconsistent'] };

describe('422: the field errors go to the caller, no toast (spec 8)', () => {
  it.each([
    ['HTTP 200 with code 422', 200],
    ['HTTP 422 with code 422', 422],
  ])('%s rejects with a ValidationError', async (_name, status) => {
    h = await harness();
    h.server.route('POST', '/api/app/account/register', (_req, res) =>
      json(res, status, { code: 422, data: null, message: errors.password_confirmation[0], errors }),
    );
    const error = await h.client.post('/api/app/account/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(isValidationError(error)).toBe(true);
    expect(error).toMatchObject({ code: 422, status, errors, message: 'The two passwords are inconsistent' });
    expect(h.toasts).toEqual([]);
    expect(h.logouts).toBe(0);
  });

  it('an HTTP 422 without an envelope still gives a ValidationError with empty errors', async () => {
    h = await harness();
    h.server.route('POST', '/x', (_req, res) => {
      res.writeHead(422, { 'content-type': 'text/plain' });
      res.end('Unprocessable');
    });
    const error = await h.client.post('/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ errors: {}, status: 422 });
    expect(h.toasts).toEqual([]);
  });
});

describe('401 and 411: the token is removed and the app logs out (spec 8)', () => {
  it.each([
    ['HTTP 401 code 401', 401, 401],
    ['HTTP 401 code 411', 401, 411],
    ['HTTP 200 code 401', 200, 401],
    ['HTTP 200 code 411', 200, 411],
  ])('%s', async (_name, status, code) => {
    h = await harness({}, { token: 'old', lang: 'en' });
    h.server.route('GET', '/api/app/user/info', (_req, res) =>
      json(res, status, { code, data: null, message: 'Session ended' }),
    );
    const error = await h.client.get('/api/app/user/info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionError);
    expect(error).toMatchObject({ code, status, message: 'Session ended' });
    expect(h.storage.map.has('token')).toBe(false);
    expect(h.storage.map.get('lang')).toBe('en');
    expect(h.logouts).toBe(1);
    expect(h.toasts).toEqual([]);
  });

  it('an HTTP 401 without a body logs out too', async () => {
    h = await harness({}, { token: 'old' });
    h.server.route('GET', '/x', (_req, res) => {
      res.writeHead(401);
      res.end();
    });
    await expect(h.client.get('/x')).rejects.toBeInstanceOf(SessionError);
    expect(h.storage.map.has('token')).toBe(false);
    expect(h.logouts).toBe(1);
  });

  it('a late 411 for an old token does not end a session started since', async () => {
    h = await harness({}, { token: 'old' });
    const pending: Array<() => void> = [];
    h.server.route('GET', '/x', (_req, res) =>
      pending.push(() => json(res, 401, { code: 411, data: null, message: 'Session ended' })),
    );
    const call = h.client.get('/x');
    await untilRequests(h.server, 1);
    h.client.setToken('new');
    for (const respond of pending) respond();
    await expect(call).rejects.toBeInstanceOf(SessionError);
    expect(h.storage.map.get('token')).toBe('new');
    expect(h.logouts).toBe(0);
  });
});

describe('any other code: a 2000 ms toast with the message, then reject (spec 8)', () => {
  it('HTTP 200 with a business code', async () => {
    h = await harness();
    h.server.route('POST', '/api/app/wallet/transfer', (_req, res) =>
      json(res, 200, { code: 3001, data: null, message: 'Transfer accounts cannot be the same' }),
    );
    const error = await h.client.post('/api/app/wallet/transfer', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      code: 3001,
      status: 200,
      kind: 'api',
      message: 'Transfer accounts cannot be the same',
    });
    expect(h.toasts).toEqual([['Transfer accounts cannot be the same', 2000]]);
    expect(h.logouts).toBe(0);
  });

  it.each([
    [400, 2002],
    [404, 404],
    [409, 2003],
    [429, 429],
    [500, 500],
  ])('HTTP %i with an envelope (code %i)', async (status, code) => {
    h = await harness({}, { token: 'keep' });
    h.server.route('GET', '/x', (_req, res) =>
      json(res, status, { code, data: null, message: `message ${code}` }),
    );
    const error = await h.client.get('/x').catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ code, status, kind: 'http', message: `message ${code}` });
    expect(h.toasts).toEqual([[`message ${code}`, 2000]]);
    expect(h.storage.map.get('token')).toBe('keep');
  });

  it('a quiet call rejects the same way without a toast; a loud caller of the same URL still gets one', async () => {
    h = await harness();
    h.server.route('GET', '/api/app/reserves/proof', (_req, res) =>
      json(res, 200, { code: 3200, data: null, message: 'No proof published yet' }),
    );
    const quiet = await h.client
      .get('/api/app/reserves/proof', undefined, { quiet: true })
      .catch((e: unknown) => e);
    expect(quiet).toMatchObject({ code: 3200, message: 'No proof published yet' });
    expect(h.toasts).toEqual([]);
    // Issued together: the quiet call is not merged with the loud one, which toasts once.
    const both = await Promise.allSettled([
      h.client.get('/api/app/reserves/proof', undefined, { quiet: true }),
      h.client.get('/api/app/reserves/proof'),
    ]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(h.toasts).toEqual([['No proof published yet', 2000]]);
    expect(h.server.requests.length).toBe(3);
  });

  it('an HTTP error without a message toasts the caller-localised fallback', async () => {
    h = await harness({ fallbackMessage: (reason, status) => `Fehler ${reason} ${status}` });
    h.server.route('GET', '/x', (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    const error = await h.client.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 502, status: 502, message: 'Fehler http 502' });
    expect(h.toasts).toEqual([['Fehler http 502', 2000]]);
  });

  it('keeps the refusal details in `data`', async () => {
    h = await harness();
    h.server.route('GET', '/x', (_req, res) =>
      json(res, 409, { code: 2004, data: { max: '10' }, message: 'limit' }),
    );
    await expect(h.client.get('/x')).rejects.toMatchObject({ data: { max: '10' } });
  });
});
