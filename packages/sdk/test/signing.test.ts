import { createHmac } from 'node:crypto';
import { apiSignPayload } from '@ex/contract';
import { describe, expect, it } from 'vitest';
import { signApiRequest, signingFetch } from '../src/signing.ts';

// The SDK's Web Crypto signature equals Node's HMAC over the documented payload (docs/api.md).
describe('API-key signing', () => {
  const creds = { apiKey: 'ak123', secret: 'f'.repeat(64), now: () => 1_700_000_000_000 };

  it('signs timestamp, method, path with query, receive window and body', async () => {
    const body = '{"symbol":"BTC_USDC"}';
    const h = await signApiRequest(creds, { method: 'post', path: '/api/app/spot/orders?x=1', body });
    const expected = createHmac('sha256', creds.secret)
      .update(
        apiSignPayload({
          timestamp: '1700000000000',
          method: 'POST',
          path: '/api/app/spot/orders?x=1',
          recvWindow: '5000',
          body,
        }),
      )
      .digest('hex');
    expect(h).toEqual({
      'x-ex-apikey': 'ak123',
      'x-ex-timestamp': '1700000000000',
      'x-ex-recv-window': '5000',
      'x-ex-signature': expected,
    });
  });

  it('signingFetch adds the headers to what the client sends', async () => {
    let seen: Headers | undefined;
    const f = signingFetch(creds, async (_input, init) => {
      seen = new Headers(init?.headers);
      return new Response('{}');
    });
    await f('http://127.0.0.1:8080/api/app/wallet/balances', { method: 'GET', headers: { accept: 'x' } });
    expect(seen?.get('x-ex-apikey')).toBe('ak123');
    expect(seen?.get('x-ex-signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(seen?.get('accept')).toBe('x');
  });
});
