import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
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
});
