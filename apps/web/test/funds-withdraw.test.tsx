import { ApiError, ValidationError } from '@ex/sdk';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const TO = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const state = { verified: true, cards: 1 };
const withdraw = vi.fn();

vi.mock('../src/lib/api.ts', () => ({
  api: {
    user: { info: async () => ({ id: '1', verified: state.verified, has_trade_password: true }) },
    bank: { list: async () => Array.from({ length: state.cards }, (_, i) => ({ id: String(i) })) },
    wallet: {
      balances: async () => ({
        spot: [{ coin: 'USDC', available: '250.500000', frozen: '0.000000' }],
        contract: {
          coin: 'USDC',
          available: '0',
          frozen: '0',
          equity: '0',
          unrealized_pnl: '0',
          wallet_balance: '0',
          position_margin: '0',
          free_collateral: '0',
        },
      }),
      withdrawCoins: async () => [
        { coin: 'USDC', networks: [{ network: 'TRC20', fee: '1', min: '10', max: '100000' }] },
      ],
    },
    chain: { withdraw: (...args: unknown[]) => withdraw(...args) },
  },
}));

const { default: Withdrawal } = await import('../src/features/funds/routes/Withdrawal.tsx');

function open(lang: 'en' | 'de' = 'en') {
  localStorage.setItem('token', 't');
  return openScreen(
    [
      { path: '/Withdrawal', Component: Withdrawal },
      { path: '/WithdrawalHistory', Component: () => <p>history page</p> },
    ],
    '/Withdrawal',
    { lang },
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

async function fillValid() {
  await screen.findByText('250.50 USDC');
  fill('Withdrawal address', TO);
  fill('Amount', '100');
  fill('Transaction password', 'trade-pass-1');
}

describe('Withdrawal screen', () => {
  beforeEach(() => {
    withdraw.mockReset();
    state.verified = true;
    state.cards = 1;
  });
  afterEach(() => cleanup());

  it('lists the missing gates with their screens and keeps Withdraw disabled', async () => {
    state.verified = false;
    state.cards = 0;
    open();
    expect(await screen.findByText('Complete identity verification')).toBeTruthy();
    expect(screen.getByText('Bind a bank card')).toBeTruthy();
    expect(screen.queryByText('Set a transaction password')).toBeNull();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('checks address checksum, amount limits and balance exactly, and shows what arrives', async () => {
    open();
    await screen.findByText('250.50 USDC');
    fill('Withdrawal address', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM');
    expect(screen.getByText('Not a valid TRC20 address (starts with T, 34 characters)')).toBeTruthy();
    fill('Amount', '250.500001');
    expect(screen.getByText('More than your available balance')).toBeTruthy();
    fill('Amount', '10.1234567');
    expect(screen.getByText('At most 6 decimal places')).toBeTruthy();
    fill('Amount', '100.5');
    expect(screen.getByTestId('receive-amount').textContent).toBe('99.50\u00a0USDC');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input('Amount').value).toBe('250.5');
    expect(screen.getByTestId('receive-amount').textContent).toBe('249.50\u00a0USDC');
  });

  it('marks a refused field on its <input> (aria-invalid, aria-describedby to the error), not on antd\u2019s wrapper', async () => {
    open();
    await screen.findByText('250.50 USDC');
    const description = (el: HTMLElement) =>
      document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;
    fill('Withdrawal address', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM');
    fill('Amount', '250.500001');
    for (const [label, message] of [
      ['Withdrawal address', 'Not a valid TRC20 address (starts with T, 34 characters)'],
      ['Amount', 'More than your available balance'],
    ] as const) {
      const el = input(label);
      expect(el.tagName).toBe('INPUT');
      expect(el.getAttribute('aria-invalid')).toBe('true');
      expect(description(el)).toBe(message);
      expect(el.closest('.adm-input')?.hasAttribute('aria-invalid')).toBe(false);
    }
    // The password field, untouched, is not marked.
    expect(input('Transaction password').hasAttribute('aria-invalid')).toBe(false);
    // Corrected: no longer invalid or described by an error.
    fill('Amount', '100');
    expect(input('Amount').hasAttribute('aria-invalid')).toBe(false);
    expect(input('Amount').hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows nothing arriving while the amount is refused (over the balance, over the maximum, under the minimum)', async () => {
    open();
    await screen.findByText('250.50 USDC');
    for (const [amount, message] of [
      ['5000', 'More than your available balance'],
      ['999999', 'At most 100,000.00 USDC'],
      // Under the minimum: no message while typing (5 on the way to 50), and nothing arrives.
      ['5', null],
    ] as const) {
      fill('Amount', amount);
      if (message) expect(screen.getByText(message)).toBeTruthy();
      expect(screen.getByTestId('receive-amount').textContent).toBe('--');
    }
    fill('Amount', '20');
    expect(screen.getByTestId('receive-amount').textContent).toBe('19.00\u00a0USDC');
  });

  it('confirms in a sheet, sends once with an idempotency key and opens the history', async () => {
    withdraw.mockResolvedValue({ id: 'w1', status: 'under_review' });
    const router = open();
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Confirm withdrawal')).toBeTruthy();
    expect(
      screen.getByText(
        `Send 99.00 USDC to ${TO} on TRC20. 100.00 USDC leaves your spot account, including a 1.00 USDC fee.`,
      ),
    ).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/WithdrawalHistory'));
    expect(withdraw).toHaveBeenCalledTimes(1);
    const [body, opts] = withdraw.mock.calls[0] as [unknown, { idempotencyKey: string }];
    expect(body).toEqual({
      coin: 'USDC',
      network: 'TRC20',
      address: TO,
      amount: '100',
      trade_password: 'trade-pass-1',
    });
    expect(opts.idempotencyKey).toMatch(/.{8,}/);
  });

  it('puts server refusals under their fields', async () => {
    withdraw.mockRejectedValueOnce(
      new ValidationError({ message: 'x', status: 422, errors: { address: ['Nicht gültig (Server)'] } }),
    );
    open();
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Nicht gültig (Server)')).toBeTruthy();
    withdraw.mockRejectedValueOnce(
      new ApiError({ code: 1032, message: 'The transaction password is wrong', status: 400 }),
    );
    fill('Withdrawal address', TO);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The transaction password is wrong')).toBeTruthy();
  });

  // The SDK gives a refusal sent as HTTP 400/429 `kind: 'http'`; the form took only `kind: 'api'`,
  // so in the app a wrong trade password was the SDK's toast alone and the field stayed unmarked.
  it.each([
    ['wrong (400)', 1032, 400, 'The transaction password is wrong'],
    ['locked (429)', 2021, 429, 'Too many wrong attempts. Try again in 15 minutes'],
  ])(
    'a %s trade password from the server is shown under the password field, the input kept',
    async (_, code, status, message) => {
      withdraw.mockRejectedValueOnce(new ApiError({ code, message, status, kind: 'http' }));
      open();
      await fillValid();
      fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
      const error = await screen.findByText(message);
      const password = input('Transaction password');
      // The box is drawn in the error colour; the <input> itself is marked invalid and described by it.
      const box = () => password.closest('.f-input') as HTMLElement;
      expect(box().classList.contains('f-input--error')).toBe(true);
      expect(password.getAttribute('aria-invalid')).toBe('true');
      expect(password.getAttribute('aria-describedby')).toBe(error.id);
      // Right under the password's box, not next to the button.
      expect(password.closest('.f-input')?.nextElementSibling).toBe(error);
      expect(error.getAttribute('role')).toBe('alert');
      expect(input('Withdrawal address').value).toBe(TO);
      expect(input('Amount').value).toBe('100');
      expect(password.value).toBe('trade-pass-1');
      // The call is quiet: the field says it, no toast says it again.
      const opts = withdraw.mock.calls.at(-1)?.[1] as { quiet?: boolean };
      expect(opts.quiet).toBe(true);
      // Typing a new password clears the mark.
      fill('Transaction password', 'trade-pass-2');
      expect(screen.queryByText(message)).toBeNull();
      expect(box().classList.contains('f-input--error')).toBe(false);
    },
  );

  it('a withdrawal that gets no answer says so next to the button (the call is quiet)', async () => {
    withdraw.mockRejectedValueOnce(
      new ApiError({ code: -1, message: 'Network error', status: 0, kind: 'network' }),
    );
    open();
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByText('Network error')).className).toContain('f-form-error');
    expect(input('Transaction password').closest('.f-input')?.classList.contains('f-input--error')).toBe(
      false,
    );
  });
});
