import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Sent } from '../../../test/console.tsx';
import { json } from '../../../test/console.tsx';

/** A 422 as the server answers it: messages per field key (`name_i18n.de`). */
export const invalid = (errors: Record<string, string[]>) =>
  json(422, { code: 422, data: null, message: 'Invalid', errors });

/** Clicks the nth "Edit texts" of the list and returns the dialog that opened, to query within. */
export async function openEditTexts(nth = 0) {
  const buttons = await screen.findAllByRole('button', { name: 'Edit texts' });
  fireEvent.click(buttons[nth]!);
  const title = await screen.findByText(/^Edit texts: /);
  const dialog = title.closest('.ant-modal') as HTMLElement;
  return within(dialog);
}

/** The value of a labelled input or textarea of the dialog. */
export const fieldValue = (dialog: ReturnType<typeof within>, label: string) =>
  (dialog.getByLabelText(label) as HTMLInputElement).value;

export const typeIn = (dialog: ReturnType<typeof within>, label: string, value: string) =>
  fireEvent.change(dialog.getByLabelText(label), { target: { value } });

/** The POSTs the page sent to `url`, once at least `n` of them are there. */
export async function postsTo(sent: Sent[], url: string, n = 1) {
  await waitFor(() => expect(sent.filter((s) => s.method === 'POST' && s.url === url).length).toBe(n));
  return sent.filter((s) => s.method === 'POST' && s.url === url);
}

/** Cancels the dialog and shows that nothing was posted to `url`. */
export async function cancelSendsNothing(dialog: ReturnType<typeof within>, sent: Sent[], url: string) {
  fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
  // The dialog leaves (its zoom-out never ends in the test DOM, so the leaving is what is checked).
  const modal = screen.getByText(/^Edit texts: /).closest('.ant-modal');
  await waitFor(() => expect(modal?.className).toContain('ant-zoom-leave'));
  expect(sent.filter((s) => s.method === 'POST' && s.url === url)).toHaveLength(0);
}
