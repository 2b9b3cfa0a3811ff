import { webCatalogues } from '@ex/i18n';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESEND_SECONDS, SendCodeButton } from '../src/features/auth/components/SendCodeButton.tsx';
import { createI18n } from '../src/lib/i18n.ts';

function setup(onSend: () => Promise<boolean>) {
  render(
    <I18nextProvider i18n={createI18n('en', webCatalogues.en)}>
      <SendCodeButton onSend={onSend} />
    </I18nextProvider>,
  );
  return screen.getByRole('button');
}

describe('SendCodeButton', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('counts down 60 s after a successful send and is disabled meanwhile', async () => {
    vi.useFakeTimers();
    const onSend = vi.fn(async () => true);
    const button = setup(onSend);
    expect(button.textContent).toBe('Send code');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe(`Resend in ${RESEND_SECONDS}\u00a0s`);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(onSend).toHaveBeenCalledTimes(1);
    for (let i = 0; i < RESEND_SECONDS; i += 1) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(button.textContent).toBe('Send code');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('does not start the countdown when the send failed', async () => {
    const button = setup(async () => false);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe('Send code');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });
});
