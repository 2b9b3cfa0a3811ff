import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Sent } from './console.tsx';
import { fakeServer, json, ok } from './console.tsx';

/**
 * The steps every "Edit texts" dialog is tested with (ADR 243): open it prefilled, type in language
 * tabs, save and read the exact request, a 422 on its field, cancel sends nothing. A test file names
 * only its page, its fields and the body it expects.
 */

type Dialog = ReturnType<typeof within>;

/** A page whose list rows have "Edit texts"; the first row's dialog is the one tested. */
export interface EditTextsPage {
  /** Renders the page and brings the list into view. */
  mount: () => unknown;
  /** The row the list shows; an update to it answers with it. */
  row: object;
  /** The row's update route, where the dialog posts. */
  url: string;
  /** The page's GET answers; by default the list of that one row. */
  list?: (s: Sent) => Response;
}

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

/** Serves and mounts the page (a POST answered by `post`), then opens the first row's dialog. */
export async function openOn(page: EditTextsPage, post: () => Response = () => ok(page.row)) {
  const list = page.list ?? (() => ok([page.row]));
  const sent = fakeServer((s) => (s.method === 'POST' ? post() : list(s)));
  await page.mount();
  return { sent, dialog: await openEditTexts() };
}

/** The value of a labelled input or textarea of the dialog. */
export const fieldValue = (dialog: Dialog, label: string) =>
  (dialog.getByLabelText(label) as HTMLInputElement).value;

export const typeIn = (dialog: Dialog, label: string, value: string) =>
  fireEvent.change(dialog.getByLabelText(label), { target: { value } });

/** Types each value (label -> text) into its field, in order. */
export const typeAll = (dialog: Dialog, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) typeIn(dialog, label, value);
};

export const clickSave = (dialog: Dialog) => dialog.getByRole('button', { name: 'Save' }).click();

const postsOf = (sent: Sent[], url: string) => sent.filter((s) => s.method === 'POST' && s.url === url);
const getsOf = (sent: Sent[]) => sent.filter((s) => s.method === 'GET').length;

/** The POSTs the page sent to `url`, once at least `n` of them are there. */
export async function postsTo(sent: Sent[], url: string, n = 1) {
  await waitFor(() => expect(postsOf(sent, url).length).toBe(n));
  return postsOf(sent, url);
}

/** Clicks Save and returns the body of the one request it sent to `url`. */
export async function saveAndPost(dialog: Dialog, sent: Sent[], url: string) {
  clickSave(dialog);
  const [post] = await postsTo(sent, url);
  return post!.body;
}

/**
 * The name of the field a message stands under: its input's or textarea's aria-label (a language
 * tab), else the label of its form item pointing at it (a text of record).
 */
export async function fieldOfMessage(dialog: Dialog, message: string) {
  const item = (await dialog.findByText(message)).closest('.ant-form-item');
  const control = item?.querySelector('input, textarea');
  return (
    control?.getAttribute('aria-label') ??
    item?.querySelector(`label[for="${control?.id}"]`)?.textContent ??
    null
  );
}

/**
 * The dialog opens showing `prefill` (label -> value), takes `typed`, posts exactly `body` to the
 * row's route, and the list is asked again.
 */
export async function savesExactly(
  page: EditTextsPage,
  { prefill, typed, body }: { prefill: Record<string, string>; typed: Record<string, string>; body: unknown },
) {
  const { sent, dialog } = await openOn(page);
  expect(Object.fromEntries(Object.keys(prefill).map((label) => [label, fieldValue(dialog, label)]))).toEqual(
    prefill,
  );
  typeAll(dialog, typed);
  const gets = getsOf(sent);
  expect(await saveAndPost(dialog, sent, page.url)).toEqual(body);
  await waitFor(() => expect(getsOf(sent)).toBeGreaterThan(gets));
}

/**
 * After `typed`, Save posts (exactly `body` when given) and the server's 422 `errors` shows
 * `message` under the field named `field`.
 */
export async function showsInvalid(
  page: EditTextsPage,
  {
    errors,
    message,
    field,
    typed = {},
    body,
  }: {
    errors: Record<string, string[]>;
    message: string;
    field: string;
    typed?: Record<string, string>;
    body?: unknown;
  },
) {
  const { sent, dialog } = await openOn(page, () => invalid(errors));
  typeAll(dialog, typed);
  const posted = await saveAndPost(dialog, sent, page.url);
  if (body !== undefined) expect(posted).toEqual(body);
  expect(await fieldOfMessage(dialog, message)).toBe(field);
}

/** After `typed`, Cancel closes the dialog and nothing is posted to the row's route. */
export async function cancelSendsNothing(page: EditTextsPage, typed: Record<string, string> = {}) {
  const { sent, dialog } = await openOn(page);
  typeAll(dialog, typed);
  fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
  // The dialog leaves (its zoom-out never ends in the test DOM, so the leaving is what is checked).
  const modal = screen.getByText(/^Edit texts: /).closest('.ant-modal');
  await waitFor(() => expect(modal?.className).toContain('ant-zoom-leave'));
  expect(postsOf(sent, page.url)).toHaveLength(0);
}
