import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dateTime } from '../../../lib/format.ts';
import { fakeServer, mountPage, ok, type Sent } from '../../../test/console.tsx';
import { Audit, changeLines } from './Audit.tsx';

const ENTRY = {
  id: '9',
  admin_id: '2',
  admin_email: 'support@example.com',
  action: 'user.ban',
  target_type: 'user',
  target_id: '1001',
  before: { banned_at: null },
  after: { banned_at: 1893456000000 },
  ip: '10.0.0.7',
  created_at: Date.UTC(2030, 0, 1),
};

describe('<Audit/>', () => {
  let sent: Sent[];
  beforeEach(() => {
    sent = fakeServer(() => ok({ list: [ENTRY], total: 1, page: 1, limit: 50 }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows who did what to which target, with before and after, and offers no way to edit', async () => {
    mountPage('/audit', <Audit />);
    expect(await screen.findByText('support@example.com')).toBeTruthy();
    expect(screen.getByText('User 1001')).toBeTruthy();
    // The action in words, its code beneath for the filter.
    expect(screen.getByText('User: ban')).toBeTruthy();
    expect(screen.getByText('user.ban')).toBeTruthy();
    // The records are not columns of the row (they pushed the After off a 1280 px screen): a click
    // on the row opens them beneath it, in full.
    expect(screen.queryByRole('columnheader', { name: 'After' })).toBeNull();
    expect(document.body.textContent).not.toContain('"banned_at": null');
    fireEvent.click(screen.getByText('User 1001'));
    const before = await screen.findByRole('region', { name: 'Before' });
    const after = screen.getByRole('region', { name: 'After' });
    expect(before.textContent).toContain('"banned_at": null');
    // Wrapped at the panel's width, not cut or scrolled: a long value is all there.
    expect((after.querySelector('pre') as HTMLElement).style.whiteSpace).toBe('pre-wrap');
    // A time in the record reads as a date, not epoch milliseconds.
    expect(document.body.textContent).toContain(`"banned_at": "${dateTime(1893456000000)}"`);
    expect(document.body.textContent).not.toContain('1893456000000');
    expect(screen.queryByRole('button', { name: /edit|delete/i })).toBeNull();
  });

  it("names what a create made (a notice and its new id) and keeps a ban's reason in its after", async () => {
    sent = fakeServer(() =>
      ok({
        list: [
          {
            ...ENTRY,
            id: '11',
            action: 'POST /api/admin/content',
            target_type: 'content',
            target_id: '12',
            before: null,
            after: { id: '12', kind: 'notice', published: true },
          },
          { ...ENTRY, after: { banned_at: 1893456000000, reason: 'Chargeback fraud, case 4711' } },
        ],
        total: 2,
        page: 1,
        limit: 50,
      }),
    );
    mountPage('/audit', <Audit />);
    expect(await screen.findByText('Content 12')).toBeTruthy();
    fireEvent.click(screen.getByText('User 1001'));
    expect((await screen.findByRole('region', { name: 'After' })).textContent).toContain(
      '"reason": "Chargeback fraud, case 4711"',
    );
    // Beneath the action: why, then what changed; a create (no before) lists nothing.
    expect(screen.getByText('reason: Chargeback fraud, case 4711')).toBeTruthy();
    expect(screen.getByText(`banned_at: — → ${dateTime(1893456000000)}`)).toBeTruthy();
    expect(screen.queryByText(/^kind: /)).toBeNull();
  });

  it('lists the fields an entry changed, the operator words first, at most four', () => {
    expect(
      changeLines(
        { enabled: true, min_amount: '10.000000', name: 'A', seq: '1' },
        { enabled: false, min_amount: '10.000000', name: 'A' },
      ),
    ).toEqual(['enabled: true → false']);
    expect(
      changeLines({ a: 1, b: 1, c: 1, d: 1, e: 1 }, { a: 2, b: 2, c: 2, d: 2, e: 2, note: 'ok' }),
    ).toEqual(['note: ok', 'a: 1 → 2', 'b: 1 → 2', 'c: 1 → 2', '+2 more']);
    expect(changeLines(null, { id: '1' })).toEqual([]);
  });

  it('writes an acronym target in capitals: "KYC 2", not "Kyc 2"', async () => {
    sent = fakeServer(() =>
      ok({
        list: [{ ...ENTRY, action: 'kyc.approve', target_type: 'kyc', target_id: '2' }],
        total: 1,
        page: 1,
        limit: 50,
      }),
    );
    mountPage('/audit', <Audit />);
    expect(await screen.findByText('KYC 2')).toBeTruthy();
    expect(screen.queryByText('Kyc 2')).toBeNull();
  });

  it.each([
    ['support', 'Support'],
    ['ai', 'AI savings'],
    ['dividends', 'Dividends'],
    ['votes', 'Votes'],
    ['releases', 'Releases'],
    ['messages', 'Messages'],
    ['reserves', 'Reserves'],
  ])(
    'offers the target type %s the server writes (shown as "%s", filtered on the server)',
    async (type, label) => {
      mountPage('/audit', <Audit />, `/audit?target_type=${type}`);
      await screen.findByText('support@example.com');
      // A value with no option would show its raw code; an option shows its words.
      expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe(label);
      expect(sent.some((s) => s.url.includes(`target_type=${type}`))).toBe(true);
    },
  );

  it('filters by action on the server', async () => {
    mountPage('/audit', <Audit />);
    await screen.findByText('support@example.com');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'market.pause' } });
    fireEvent.keyDown(screen.getByLabelText('Action'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(sent.some((s) => s.url.includes('action=market.pause'))).toBe(true));
  });

  it('says why the log is empty: nothing done yet, or nothing matching the filters', async () => {
    sent = fakeServer(() => ok({ list: [], total: 0, page: 1, limit: 50 }));
    mountPage('/audit', <Audit />);
    expect(await screen.findByText(/^No operator action yet/)).toBeTruthy();
    cleanup();
    mountPage('/audit', <Audit />, '/audit?action=market.pause');
    expect(await screen.findByText('No action matches these filters')).toBeTruthy();
  });
});
