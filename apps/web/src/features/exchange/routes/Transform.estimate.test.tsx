// /Transform: "You receive" stayed empty until Exchange was pressed. It shows a live estimate now:
// the server's quote, asked 300 ms after typing pauses, at the coin's list precision; a quiet
// loading state meanwhile, '--' for nothing or a malformed amount, the server's refusal under the
// amount, and never the answer for an amount the user has since changed.
import type { ExchangeQuote, ExchangeQuoteRequest } from '@ex/contract';
import { ValidationError } from '@ex/sdk';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from '../../../../test/helpers/screen.tsx';

type Call = {
  body: ExchangeQuoteRequest;
  resolve: (q: ExchangeQuote) => void;
  reject: (e: unknown) => void;
};
let calls: Call[] = [];
const quote = (body: ExchangeQuoteRequest, _opts?: unknown) =>
  new Promise<ExchangeQuote>((resolve, reject) => calls.push({ body, resolve, reject }));

vi.mock('../../../lib/api.ts', () => ({
  api: {
    exchange: {
      coins: async () => ({ quote: 'USDC', coins: ['BTC', 'ETH'] }),
      history: async () => ({ list: [], total: 0, page: 1, limit: 50 }),
      quote: (body: ExchangeQuoteRequest, opts?: unknown) => quote(body, opts),
      execute: async () => {
        throw new Error('not in this test');
      },
    },
    wallet: {
      balances: async () => ({
        spot: [
          { coin: 'BTC', available: '0.5', frozen: '0' },
          { coin: 'USDC', available: '5000', frozen: '0' },
        ],
        contract: null,
      }),
    },
  },
}));

const { default: Transform } = await import('./Transform.tsx');

const answer = (body: ExchangeQuoteRequest, receive: string): ExchangeQuote => ({
  quote_id: `q-${body.amount}`,
  from: body.from,
  to: body.to,
  amount: body.amount,
  price: '97266.06',
  receive,
  fee: '0',
  expires_at: Date.now() + 10_000,
});

const call = (i: number) => calls[i] as Call;
const estimate = () => screen.getByTestId('fx-estimate');
const type = (value: string) => fireEvent.change(screen.getByPlaceholderText('0'), { target: { value } });

async function open(lang: 'en' | 'de' = 'en') {
  openScreen([{ path: '/Transform', Component: Transform }], '/Transform', { lang });
  await screen.findByText(lang === 'en' ? 'Available 0.50 BTC' : 'Verfügbar 0,50 BTC');
}

describe('/Transform live estimate', () => {
  beforeEach(() => {
    calls = [];
  });
  afterEach(() => cleanup());

  it('shows -- before anything is typed, a loading state while quoting, then the estimate in USDC list precision', async () => {
    await open();
    expect(estimate().textContent).toBe('--');
    type('0.01');
    // At once: no figure, busy.
    expect(estimate().getAttribute('aria-busy')).toBe('true');
    expect(estimate().textContent).toBe('');
    expect(estimate().getAttribute('aria-label')).toBe('Getting a price…');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(call(0).body).toEqual({ from: 'BTC', to: 'USDC', amount: '0.01' });
    await act(async () => call(0).resolve(answer(call(0).body, '970.715278')));
    await waitFor(() => expect(estimate().textContent).toBe('970.72'));
    expect(estimate().getAttribute('aria-busy')).toBe('false');
    // Cleared: back to '--', and a malformed amount asks nothing.
    type('');
    expect(estimate().textContent).toBe('--');
    type('0.0.1');
    expect(estimate().textContent).toBe('--');
    expect(screen.getByRole('alert').textContent).toBe('Please enter correct exchange amount');
    await new Promise((r) => setTimeout(r, 400));
    expect(calls).toHaveLength(1);
  });

  it('asks once per pause in typing (debounced), for the last amount', async () => {
    await open();
    type('1');
    type('1.');
    type('1.5');
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 400));
    expect(calls.map((c) => c.body.amount)).toEqual(['1.5']);
  });

  it('never shows the answer for an amount since changed, even when it arrives last', async () => {
    await open();
    type('0.01');
    await waitFor(() => expect(calls).toHaveLength(1));
    type('0.02');
    // The first answer arrives while the second amount is on screen: not shown.
    await act(async () => call(0).resolve(answer(call(0).body, '970.715278')));
    expect(estimate().textContent).toBe('');
    await waitFor(() => expect(calls).toHaveLength(2));
    const [first, second] = calls as [Call, Call];
    expect(second.body.amount).toBe('0.02');
    await act(async () => second.resolve(answer(second.body, '1941.430556')));
    await waitFor(() => expect(estimate().textContent).toBe('1,941.43'));
    // A late, out-of-order answer to the first request changes nothing.
    await act(async () => first.resolve(answer(first.body, '1.000000')));
    expect(estimate().textContent).toBe('1,941.43');
  });

  it('buying a coin shows it in its own precision, in German separators', async () => {
    await open('de');
    fireEvent.click(screen.getByRole('button', { name: 'Richtung tauschen' }));
    type('100');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(call(0).body).toEqual({ from: 'USDC', to: 'BTC', amount: '100' });
    await act(async () => call(0).resolve(answer(call(0).body, '0.00102564')));
    await waitFor(() => expect(estimate().textContent).toBe('0,00102564'));
  });

  it('a positive estimate too small for 2 decimals is shown in full, not as 0.00', async () => {
    await open();
    type('0.00000001');
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => call(0).resolve(answer(call(0).body, '0.000970')));
    await waitFor(() => expect(estimate().textContent).toBe('0.00097'));
  });

  it("shows the server's refusal under the amount, with no estimate, and Exchange stays off", async () => {
    await open();
    type('0.00000001');
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () =>
      call(0).reject(
        new ValidationError({
          message: 'Validation failed',
          status: 422,
          errors: { amount: ['Please enter correct exchange amount'] },
        }),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter correct exchange amount');
    expect(estimate().textContent).toBe('--');
    expect(screen.getByRole('button', { name: 'Exchange' }).hasAttribute('disabled')).toBe(true);
    // A new amount clears the refusal until its own answer.
    type('0.01');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
