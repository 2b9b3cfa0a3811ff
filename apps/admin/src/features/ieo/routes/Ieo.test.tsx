import { webCatalogues } from '@ex/i18n';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import { cancelSendsNothing, savesExactly, showsInvalid } from '../../../test/edit-texts-testkit.ts';
import { Ieo } from './Ieo.tsx';

const PROJECT = {
  id: '9',
  coin: 'NEW',
  name: 'New Coin',
  issue_amount: '1000',
  unit_price: '0.5',
  price_range: '',
  min_quantity: '1',
  max_quantity: '100',
  subscribed: '1500',
  progress: '100.00',
  start_at: Date.UTC(2030, 0, 1),
  end_at: Date.UTC(2030, 0, 2),
  listing_at: Date.UTC(2030, 0, 3),
  announcement_at: Date.UTC(2030, 0, 4),
  white_paper: '',
  expected_return: '',
  description: '',
  status: 'drawing',
};

describe('<Ieo/>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it("shows issue, subscription and price grouped per DESIGN.md, not the API's raw decimals", async () => {
    fakeServer(() =>
      ok([
        {
          ...PROJECT,
          coin: 'SOL',
          issue_amount: '1000000.00000000',
          subscribed: '1234.56789012',
          unit_price: '100.000000',
        },
        { ...PROJECT, id: '10', coin: 'ETH', unit_price: '0.000500', status: 'ended' },
      ]),
    );
    mountPage('/ieo', <Ieo />);
    expect(await screen.findByText('1,000,000.00')).toBeTruthy();
    expect(screen.getByText('1,234.56789012')).toBeTruthy();
    expect(screen.getByText('100.00 USDC')).toBeTruthy();
    // A price keeps its digits: 0.0005 USDC is not 0.00.
    expect(screen.getByText('0.0005 USDC')).toBeTruthy();
    expect(screen.queryByText('1000000.00000000')).toBeNull();
    expect(screen.queryByText('100.000000 USDC')).toBeNull();
  });

  it('names each state with the app’s word (an upcoming project is "Upcoming", not "Not started")', async () => {
    const app = webCatalogues.en.earn1.ieo.status;
    const states = ['not_started', 'subscribing', 'drawing', 'ended', 'cancelled'] as const;
    fakeServer(() => ok(states.map((status, i) => ({ ...PROJECT, id: String(i), coin: `C${i}`, status }))));
    mountPage('/ieo', <Ieo />);
    for (const state of states) expect(await screen.findByText(app[state])).toBeTruthy();
    expect(app.not_started).toBe('Upcoming');
    expect(screen.queryByText('Not started')).toBeNull();
  });

  it('restates the figures formatted in the settle confirmation', async () => {
    fakeServer(() => ok([{ ...PROJECT, issue_amount: '1000000.00000000', subscribed: '1500000.00000000' }]));
    mountPage('/ieo', <Ieo />);
    fireEvent.click(await screen.findByRole('button', { name: 'Settle' }));
    expect(
      (await screen.findAllByText(/1,500,000\.00 NEW subscribed for 1,000,000\.00\./)).length,
    ).toBeGreaterThan(0);
  });

  // The confirmation comes from App.useApp(): antd's static Modal.confirm renders nothing under React 19.
  it('settles a project only after the confirmation', async () => {
    const sent = fakeServer((s) =>
      s.method === 'GET' ? ok([PROJECT]) : ok({ allotted: '1000', refunded: '250' }),
    );
    mountPage('/ieo', <Ieo />);
    fireEvent.click(await screen.findByRole('button', { name: 'Settle' }));
    expect((await screen.findAllByText('Settle NEW (New Coin)?')).length).toBeGreaterThan(0);
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
    const buttons = await screen.findAllByRole('button', { name: 'Settle' });
    fireEvent.click(buttons.at(-1)!);
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1));
    expect(sent.find((s) => s.method === 'POST')!.url).toContain('/9/');
  });

  describe('Edit texts (ADR 243)', () => {
    const NAMED = {
      ...PROJECT,
      status: 'subscribing',
      description: 'A new chain.',
      name_i18n: { de: 'Neue Münze' },
      description_i18n: { de: 'Eine neue Chain.', en: 'A new chain, launched.' },
    };
    const page = { mount: () => mountPage('/ieo', <Ieo />), row: NAMED, url: '/api/admin/ieo/projects/9' };

    it('opens prefilled and sends the texts of record and exactly the edited maps', () =>
      savesExactly(page, {
        prefill: {
          'Name (text of record)': 'New Coin',
          'Name (Deutsch)': 'Neue Münze',
          'Description (text of record)': 'A new chain.',
          'Description (English)': 'A new chain, launched.',
        },
        typed: { 'Name (Italiano)': 'Nuova moneta', 'Description (English)': '' },
        body: {
          name: 'New Coin',
          description: 'A new chain.',
          name_i18n: { de: 'Neue Münze', it: 'Nuova moneta' },
          description_i18n: { de: 'Eine neue Chain.' },
        },
      }));

    it("shows the server's 422 message on its field", () =>
      showsInvalid(page, {
        errors: { 'description_i18n.de': ['At most 5000 characters'] },
        message: 'At most 5000 characters',
        field: 'Description (Deutsch)',
      }));

    it('sends nothing when cancelled', () => cancelSendsNothing(page));
  });
});
