import { ApiError, ValidationError } from '@ex/sdk';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const BALANCES = {
  spot: [{ coin: 'USDC', available: '250.500000', frozen: '10.000000' }],
  // A cross position holds 7.5 of the 40 in the futures wallet: 32.5 may move out (ADR 221).
  contract: {
    coin: 'USDC',
    available: '40.000000',
    frozen: '0.000000',
    equity: '40.000000',
    unrealized_pnl: '0.000000',
    wallet_balance: '40.000000',
    position_margin: '7.500000',
    free_collateral: '32.500000',
  },
};

const transfer = vi.fn();
// The screen talks to the server only through the SDK client; the network is not part of this test.
vi.mock('../src/lib/api.ts', () => ({
  api: { wallet: { balances: async () => BALANCES, transfer: (...args: unknown[]) => transfer(...args) } },
}));

const { default: TransformTwo } = await import('../src/features/wallet/routes/TransformTwo.tsx');

function open(path: string, lang: 'en' | 'de' = 'en') {
  return openScreen(
    [
      { path: '/TransformTwo', Component: TransformTwo },
      { path: '/My', Component: () => <p>assets page</p> },
      { path: '/TransformHis', Component: () => null },
    ],
    path,
    { lang },
  );
}

const amountInput = () => screen.getByLabelText('Amount') as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: 'Transfer' });

describe('Transfer screen', () => {
  beforeEach(() => {
    transfer.mockReset();
  });
  afterEach(() => cleanup());

  it('refuses identical accounts with the spec message, in the user language', async () => {
    open('/TransformTwo?from=spot&to=spot');
    expect(await screen.findByText('Transfer accounts cannot be the same')).toBeTruthy();
    cleanup();
    open('/TransformTwo?from=contract&to=contract', 'de');
    expect(await screen.findByText('Die Konten der Übertragung dürfen nicht gleich sein')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Übertragen' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks the amount against the available balance and fills the max', async () => {
    open('/TransformTwo');
    await screen.findByText('250.50');
    fireEvent.change(amountInput(), { target: { value: '250.500001' } });
    expect(screen.getByText('The amount exceeds your available balance')).toBeTruthy();
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountInput().value).toBe('250.5');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('swaps the direction and shows the other side as available', async () => {
    open('/TransformTwo');
    await screen.findByText('250.50');
    fireEvent.click(screen.getByRole('button', { name: 'Swap from and to' }));
    expect(screen.getByRole('button', { name: 'From: Futures account' })).toBeTruthy();
    // Futures shows what may leave it: the free collateral, not the 40 its ledger holds.
    expect(screen.getByText('32.50')).toBeTruthy();
    expect(screen.queryByText('40.00')).toBeNull();
    fireEvent.change(amountInput(), { target: { value: '32.500001' } });
    expect(screen.getByText('The amount exceeds your available balance')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountInput().value).toBe('32.5');
  });

  it('confirms in plain words, sends once with an idempotency key, then goes back', async () => {
    let resolve: (v: unknown) => void = () => {};
    transfer.mockImplementation(() => new Promise((r) => (resolve = r)));
    const router = open('/TransformTwo');
    await screen.findByText('250.50');
    fireEvent.change(amountInput(), { target: { value: '100,50' } });
    fireEvent.click(submitButton());
    expect(
      await screen.findByText('Move 100.50 USDC from your spot account to your futures account.'),
    ).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(transfer).toHaveBeenCalledTimes(1));
    const [body, opts] = transfer.mock.calls[0] as [unknown, { idempotencyKey: string }];
    expect(body).toEqual({ from: 'spot', to: 'contract', coin: 'USDC', amount: '100.5' });
    expect(opts.idempotencyKey).toMatch(/.{8,}/);
    await act(async () => resolve({ id: '1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/My'));
  });

  it("puts the server's 422 errors under the field", async () => {
    transfer.mockRejectedValue(
      new ValidationError({
        message: 'At most 6 decimal places',
        status: 422,
        errors: { amount: ['At most 6 decimal places'] },
      }),
    );
    open('/TransformTwo');
    await screen.findByText('250.50');
    fireEvent.change(amountInput(), { target: { value: '1' } });
    fireEvent.click(submitButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('At most 6 decimal places')).toBeTruthy();
  });

  // The SDK marks a refusal sent as HTTP 400 `kind: 'http'`; the form took only `kind: 'api'`, so
  // in the app the refusal was a toast alone and the form kept nothing of it.
  it("keeps the server's business refusal (HTTP 400) next to the button", async () => {
    transfer.mockRejectedValue(
      new ApiError({ code: 1040, message: 'Insufficient balance', status: 400, kind: 'http' }),
    );
    open('/TransformTwo');
    await screen.findByText('250.50');
    fireEvent.change(amountInput(), { target: { value: '1' } });
    fireEvent.click(submitButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByText('Insufficient balance')).getAttribute('role')).toBe('alert');
    expect(amountInput().value).toBe('1');
  });
});
