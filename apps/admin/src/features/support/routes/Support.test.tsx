import { APPEAL_SUBJECT } from '@ex/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import { Support } from './Support.tsx';

/** A ticket row as the console API lists it; `over` sets what a test is about. */
const ticketRow = (over: Record<string, unknown>) => ({
  id: '1',
  subject: 'Question',
  status: 'open',
  unread: false,
  created_at: 1,
  updated_at: 2,
  user_id: '1',
  user_account: 'demo@exchange.local',
  kind: 'ticket',
  lang: null,
  ...over,
});

/** Answers the FAQ, the list and each listed ticket's detail with `messages` (by id). */
const serveTickets = (
  list: ReturnType<typeof ticketRow>[],
  messages: Record<
    string,
    { id: string; from: string; body: string; image_url: null; created_at: number }[]
  > = {},
) =>
  fakeServer((s) => {
    if (s.url.includes('faq')) return ok([]);
    const open = list.find((t) => new RegExp(`/tickets/${t.id}(?:[/?]|$)`).test(s.url));
    if (open) return ok({ ...open, messages: messages[open.id as string] ?? [] });
    return ok({ list, total: list.length, page: 1, limit: 20 });
  });

/** The desk with one ticket holding one message from its user, opened from its row in the list. */
async function openOneTicket(over: Record<string, unknown>, body: string) {
  const ticket = ticketRow(over);
  serveTickets([ticket], {
    [ticket.id as string]: [{ id: '1', from: 'user', body, image_url: null, created_at: 1 }],
  });
  mountPage('/support', <Support />);
  const row = (await screen.findByText(ticket.subject as string)).closest('tr') as HTMLElement;
  const listed = { appeal: within(row).queryByText('Appeal') !== null };
  fireEvent.click(within(row).getByText(ticket.subject as string));
  return { listed, drawer: await screen.findByRole('dialog') };
}

describe('<Support/>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('says which tickets there are none of, per filter', async () => {
    fakeServer((s) => (s.url.includes('faq') ? ok([]) : ok({ list: [], total: 0, page: 1, limit: 20 })));
    mountPage('/support', <Support />);
    expect(await screen.findByText('No open ticket')).toBeTruthy();
    fireEvent.click(screen.getByText('Answered'));
    expect(await screen.findByText('No answered ticket')).toBeTruthy();
  });

  it('closing a ticket is confirmed (it is final), names an unsent reply, and says it is done', async () => {
    const ticket = (status: 'open' | 'closed') => ({
      id: '2',
      subject: 'Staking noch in Prüfung',
      status,
      unread: false,
      created_at: 1,
      updated_at: 2,
      user_id: '1',
      user_account: 'demo@exchange.local',
      kind: 'ticket',
      lang: 'de',
    });
    const detail = (status: 'open' | 'closed') => ({
      ...ticket(status),
      messages: [
        { id: '3', from: 'user', body: 'Wie lange dauert die Prüfung?', image_url: null, created_at: 1 },
      ],
    });
    const sent = fakeServer((s) => {
      if (s.url.includes('faq')) return ok([]);
      if (s.method === 'POST' && s.url.endsWith('/close')) return ok(detail('closed'));
      if (s.url.includes('/tickets/2')) return ok(detail('open'));
      return ok({ list: [ticket('open')], total: 1, page: 1, limit: 20 });
    });
    mountPage('/support', <Support />);
    fireEvent.click(await screen.findByText('Staking noch in Prüfung'));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(await within(drawer).findByLabelText('Reply'), { target: { value: 'Ein Entwurf' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close ticket' }));
    // Nothing is sent before the operator confirms.
    expect((await screen.findAllByText('Close ticket #2?')).length).toBeGreaterThan(0);
    expect(
      screen.getByText(/cannot be reopened\. Your reply has not been sent and is discarded\./),
    ).toBeTruthy();
    const closes = () => sent.filter((s) => s.method === 'POST' && s.url.endsWith('/close'));
    expect(closes()).toHaveLength(0);
    const confirm = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('Close ticket #2?'));
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('Ticket #2 closed')).toBeTruthy();
    expect(closes()).toHaveLength(1);
  });

  it("marks a disabled account's appeal: unverified sender, replies mailed, the reason on the user (ADR 268)", async () => {
    const { listed, drawer } = await openOneTicket(
      {
        id: '7',
        subject: APPEAL_SUBJECT,
        unread: true,
        user_id: '1001',
        user_account: 'banned@example.com',
        kind: 'appeal',
        lang: 'fr',
      },
      'Please look again.',
    );
    expect(listed.appeal).toBe(true);
    expect(
      await within(drawer).findByText('Appeal from the login screen of a disabled account'),
    ).toBeTruthy();
    expect(drawer.textContent).toContain('anyone who knows the address could have written it');
    expect(within(drawer).getByRole('link', { name: '1001' }).getAttribute('href')).toBe('/users?user=1001');
  });

  it('does not take a ticket a user named like an appeal for one: the kind says, not the subject', async () => {
    const { listed, drawer } = await openOneTicket(
      {
        id: '8',
        subject: APPEAL_SUBJECT,
        unread: true,
        user_id: '1002',
        user_account: 'lookalike@example.com',
        lang: 'en',
      },
      'Looks official.',
    );
    expect(listed.appeal).toBe(false);
    expect(await within(drawer).findByText('Looks official.')).toBeTruthy();
    expect(within(drawer).queryByText('Appeal from the login screen of a disabled account')).toBeNull();
  });

  it('shows the language each user writes in, in the list and the ticket, so the reply can be in it', async () => {
    serveTickets([
      ticketRow({ id: '11', subject: 'Einzahlung fehlt', lang: 'de' }),
      ticketRow({ id: '12', subject: '提现还没到账', lang: 'zh_CN' }),
      ticketRow({ id: '13', subject: 'Old ticket', lang: null }),
    ]);
    mountPage('/support', <Support />);
    const row = async (subject: string) => (await screen.findByText(subject)).closest('tr') as HTMLElement;
    expect(
      within(await row('Einzahlung fehlt'))
        .getByText('DE')
        .getAttribute('title'),
    ).toBe('The user writes in Deutsch');
    expect(
      within(await row('提现还没到账'))
        .getByText('简中')
        .getAttribute('title'),
    ).toBe('The user writes in 简体中文');
    // Not recorded on a ticket older than migration 0830: no guess.
    expect(within(await row('Old ticket')).getByText('--')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Language' })).toBeTruthy();

    fireEvent.click(screen.getByText('提现还没到账'));
    const drawer = await screen.findByRole('dialog');
    expect((await within(drawer).findByText('简中')).getAttribute('title')).toBe(
      'The user writes in 简体中文',
    );
    expect(within(drawer).getByText('The user writes in 简体中文.')).toBeTruthy();
  });

  it('keeps filter, page and the open ticket in the URL, counts the tickets, and has All', async () => {
    const row = {
      id: '9',
      subject: 'Withdrawal pending',
      status: 'answered',
      unread: false,
      created_at: 1,
      updated_at: 2,
      user_id: '1',
      user_account: 'demo@exchange.local',
      kind: 'ticket',
      lang: null,
    };
    const sent = fakeServer((s) => {
      if (s.url.includes('faq')) return ok([]);
      if (s.url.includes('/tickets/9')) return ok({ ...row, messages: [] });
      return ok({ list: [row], total: 21, page: 2, limit: 20 });
    });
    // A reload of a shared link: the second page of Answered, ticket 9 open.
    mountPage('/support', <Support />, '/support?status=answered&page=2&ticket=9');
    expect(await screen.findByText('#9 Withdrawal pending')).toBeTruthy();
    expect(screen.getByText('21 tickets')).toBeTruthy();
    const query = () => {
      const lists = sent.filter((s) => /\/tickets\?/.test(s.url));
      return new URL(lists.at(-1)!.url, 'http://x').searchParams;
    };
    expect(query().get('status')).toBe('answered');
    expect(query().get('page')).toBe('2');
    fireEvent.click(screen.getByTitle('All'));
    await vi.waitFor(() => expect(query().get('status')).toBeNull());
    expect(query().get('page')).toBe('1');
  });
});
