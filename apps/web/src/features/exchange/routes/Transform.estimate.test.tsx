// /Transform: "You receive" stayed empty until Exchange was pressed. It shows a live estimate now:
// the server's quote, asked 300 ms after typing pauses, at the coin's list precision cut towards
// zero (it rounded half up and could promise a cent more than the confirmation); a quiet loading
// state meanwhile, '--' for nothing or a malformed amount, the server's refusal under the amount,
// and never the answer for an amount the user has since changed. While the user waits, it is asked
// again every 10 s (tab visible only), and a late refresh never overwrites a newer answer.
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
    // 970.715278 is cut to 970.71, never rounded up to 970.72.
    await waitFor(() => expect(estimate().textContent).toBe('970.71'));
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
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please enter correct exchange amount');
    expect(estimate().textContent).toBe('--');
    expect(screen.getByRole('button', { name: 'Exchange' }).hasAttribute('disabled')).toBe(true);
    // The <input> itself is marked invalid and described by the refusal (not antd's wrapper).
    const input = screen.getByPlaceholderText('0');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    // A new amount clears the refusal until its own answer.
    type('0.01');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('/Transform live estimate: rounding and refresh (fake timers)', () => {
  beforeEach(() => {
    calls = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
  });

  /** Moves the fake clock and lets React and react-query settle. */
  const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  const setVisibility = (state: 'visible' | 'hidden') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  };

  /** The screen loaded with real timers, then the clock faked for the estimate. */
  async function openFaked(lang: 'en' | 'de' = 'en') {
    await open(lang);
    vi.useFakeTimers();
  }

  it('cuts "You receive" towards zero at the coin\'s precision: never a cent more than the quote', async () => {
    await openFaked('de');
    type('0.01');
    await advance(300);
    expect(calls).toHaveLength(1);
    await act(async () => call(0).resolve(answer(call(0).body, '970.719999')));
    await advance(0);
    // Half up read 970,72; the confirmation will credit 970,719999.
    expect(estimate().textContent).toBe('970,71');
    // A coin at its own 8 decimals, cut too.
    fireEvent.click(screen.getByRole('button', { name: 'Richtung tauschen' }));
    type('100');
    await advance(300);
    await act(async () => call(1).resolve(answer(call(1).body, '0.001025649')));
    await advance(0);
    expect(estimate().textContent).toBe('0,00102564');
  });

  it('asks again every 10 s while an amount is on screen; the new answer replaces the figure without a blank', async () => {
    await openFaked();
    type('0.01');
    await advance(300);
    await act(async () => call(0).resolve(answer(call(0).body, '970.715278')));
    await advance(0);
    expect(estimate().textContent).toBe('970.71');
    await advance(9_000);
    expect(calls).toHaveLength(1);
    await advance(1_000);
    expect(calls).toHaveLength(2);
    expect(call(1).body).toEqual({ from: 'BTC', to: 'USDC', amount: '0.01' });
    // While the refresh is out, the last figure stays and the field is not busy.
    expect(estimate().textContent).toBe('970.71');
    expect(estimate().getAttribute('aria-busy')).toBe('false');
    await act(async () => call(1).resolve(answer(call(1).body, '975.100000')));
    await advance(0);
    expect(estimate().textContent).toBe('975.10');
    // The refresh of the same amount is not read out again; a new amount is.
    expect(estimate().getAttribute('aria-live')).toBe('off');
    await advance(10_000);
    expect(calls).toHaveLength(3);
    // Cleared: no more questions.
    await act(async () => call(2).resolve(answer(call(2).body, '975.100000')));
    type('');
    await advance(30_000);
    expect(calls).toHaveLength(3);
    expect(estimate().textContent).toBe('--');
    expect(estimate().getAttribute('aria-live')).toBe('polite');
  });

  it('a refresh that is still out is not asked twice, and its late answer never overwrites a newer one', async () => {
    await openFaked();
    type('0.01');
    await advance(300);
    await act(async () => call(0).resolve(answer(call(0).body, '970.715278')));
    await advance(10_000);
    expect(calls).toHaveLength(2);
    // The refresh hangs past the next tick: no second call beside it.
    await advance(10_000);
    expect(calls).toHaveLength(2);
    // The user changes the amount; the new amount's answer arrives first.
    type('0.02');
    await advance(300);
    expect(calls).toHaveLength(3);
    await act(async () => call(2).resolve(answer(call(2).body, '1941.430556')));
    await advance(0);
    expect(estimate().textContent).toBe('1,941.43');
    // The stale refresh for 0.01 lands last: the screen keeps the answer for 0.02.
    await act(async () => call(1).resolve(answer(call(1).body, '1.000000')));
    await advance(0);
    expect(estimate().textContent).toBe('1,941.43');
  });

  it('does not ask while the tab is hidden; asks at once on coming back', async () => {
    await openFaked();
    try {
      type('0.01');
      await advance(300);
      await act(async () => call(0).resolve(answer(call(0).body, '970.715278')));
      await advance(0);
      setVisibility('hidden');
      await advance(60_000);
      expect(calls).toHaveLength(1);
      expect(estimate().textContent).toBe('970.71');
      setVisibility('visible');
      await advance(0);
      expect(calls).toHaveLength(2);
    } finally {
      setVisibility('visible');
    }
  });

  it('a refresh the server refuses replaces the figure with its refusal; Exchange goes off', async () => {
    await openFaked();
    type('0.01');
    await advance(300);
    await act(async () => call(0).resolve(answer(call(0).body, '970.715278')));
    await advance(10_000);
    await act(async () =>
      call(1).reject(
        new ValidationError({
          message: 'Validation failed',
          status: 422,
          errors: { amount: ['Please enter correct exchange amount'] },
        }),
      ),
    );
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('Please enter correct exchange amount');
    expect(estimate().textContent).toBe('--');
    expect(screen.getByRole('button', { name: 'Exchange' }).hasAttribute('disabled')).toBe(true);
  });
});
