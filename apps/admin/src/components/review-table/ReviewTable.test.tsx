import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '../../lib/api.ts';
import { fakeServer, json, mountPage, ok, type Sent } from '../../test/console.tsx';
import type { ReviewDecision, ReviewSpec } from './ReviewDrawer.tsx';
import { type ListPage, type ListQuery, ReviewTable } from './ReviewTable.tsx';

type Status = 'waiting' | 'done';
interface Row {
  id: string;
  name: string;
  status: Status;
}

const ROWS: Row[] = Array.from({ length: 3 }, (_, i) => ({
  id: String(i + 1),
  name: `row ${i + 1}`,
  status: 'waiting',
}));

const useRows = ({ page, limit, filter }: ListQuery<Status>) =>
  useQuery({
    queryKey: ['rows', page, limit, filter],
    queryFn: () =>
      client.get<ListPage<Row>>('/api/admin/things', {
        page,
        limit,
        ...(filter ? { status: filter } : {}),
      }),
    placeholderData: keepPreviousData,
  });

function useReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: ReviewDecision) =>
      client.post<Row>(
        `/api/admin/things/${d.id}/${d.decision}`,
        d.decision === 'reject' ? { reason: d.reason } : {},
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rows'] }),
  });
}

/** Shows the page's query string, so a test can read what the table wrote into the URL. */
function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function Things() {
  const review: ReviewSpec<Row, Row> = {
    pending: (row) => row.status === 'waiting',
    mutation: useReview(),
    drawer: {
      title: (row) => `Thing #${row.id}`,
      width: 600,
      tag: (row) => row.status,
      body: (row) => <p>Details of {row.name}</p>,
    },
    approve: {
      title: 'Approve this thing?',
      content: (row) => row.name,
      okText: 'Yes, approve',
      done: () => 'Approved',
    },
    reject: {
      title: 'Reject this thing',
      okText: 'Reject it',
      maxLength: 50,
      placeholder: 'why',
      done: 'Rejected',
    },
  };
  return (
    <>
      <ReviewTable
        title="Things"
        description="Things to review."
        filter={{
          param: 'status',
          options: [
            { label: 'Waiting', value: 'waiting' },
            { label: 'Done', value: 'done' },
          ],
          all: 'last',
          fallback: 'waiting',
        }}
        useRows={useRows}
        columns={() => [{ title: 'Name', dataIndex: 'name' }]}
        noun={['thing', 'things']}
        empty={{ error: 'Could not load', none: 'Nothing here' }}
        scrollX={600}
        review={review}
      />
      <Search />
    </>
  );
}

const search = () => screen.getByTestId('search').textContent ?? '';
const lists = (sent: Sent[]) =>
  sent.filter((s) => s.method === 'GET').map((s) => new URL(s.url, 'http://x').searchParams);
const posts = (sent: Sent[]) => sent.filter((s) => s.method === 'POST');

describe('<ReviewTable/>', () => {
  let sent: Sent[];
  let answerPost: (s: Sent) => Response;
  beforeEach(() => {
    answerPost = (s) => ok({ ...ROWS[0], status: 'done', reason: (s.body as { reason?: string }).reason });
    sent = fakeServer((s) =>
      s.method === 'GET' ? ok({ list: ROWS, total: 45, page: 1, limit: 20 }) : answerPost(s),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('reads page, size and filter from the URL, and falls back on values it does not offer', async () => {
    mountPage('/things', <Things />, '/things?page=2&limit=50&status=all');
    expect(await screen.findByText('row 1')).toBeTruthy();
    let q = lists(sent).at(-1)!;
    expect([q.get('page'), q.get('limit'), q.get('status')]).toEqual(['2', '50', null]);
    expect(screen.getByText('45 things')).toBeTruthy();
    cleanup();

    mountPage('/things', <Things />, '/things?page=-1&limit=7&status=nonsense');
    expect(await screen.findByText('row 1')).toBeTruthy();
    q = lists(sent).at(-1)!;
    expect([q.get('page'), q.get('limit'), q.get('status')]).toEqual(['1', '20', 'waiting']);
  });

  it('counts one row in the singular', async () => {
    sent = fakeServer(() => ok({ list: ROWS.slice(0, 1), total: 1, page: 1, limit: 20 }));
    mountPage('/things', <Things />);
    expect(await screen.findByText('1 thing')).toBeTruthy();
    expect(screen.queryByText('1 things')).toBeNull();
  });

  it('pages through the list and keeps the page in the URL', async () => {
    mountPage('/things', <Things />);
    expect(await screen.findByText('row 1')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(lists(sent).at(-1)!.get('page')).toBe('3'));
    expect(search()).toBe('?page=3');
    fireEvent.click(screen.getByTitle('1'));
    // The first page is the default and leaves the URL.
    await waitFor(() => expect(search()).toBe(''));
  });

  it('writes the filter into the URL, starts again at page 1, and leaves the default out', async () => {
    mountPage('/things', <Things />, '/things?page=2');
    expect(await screen.findByText('row 1')).toBeTruthy();
    fireEvent.click(screen.getByText('Done'));
    await waitFor(() => expect(lists(sent).at(-1)!.get('status')).toBe('done'));
    expect(search()).toBe('?status=done');
    expect(lists(sent).at(-1)!.get('page')).toBe('1');
    fireEvent.click(screen.getByText('Waiting'));
    await waitFor(() => expect(search()).toBe(''));
    expect(lists(sent).at(-1)!.get('status')).toBe('waiting');
  });

  it('approves after the confirmation and closes the drawer', async () => {
    mountPage('/things', <Things />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Review' }))[0]!);
    expect(await screen.findByText('Details of row 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Approve/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, approve' }));
    await waitFor(() => expect(posts(sent).map((s) => s.url)).toEqual(['/api/admin/things/1/approve']));
    await waitFor(() => expect(screen.queryByText('Thing #1')).toBeNull());
  });

  it('rejects only with a reason, and sends it trimmed', async () => {
    mountPage('/things', <Things />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Review' }))[0]!);
    fireEvent.click(await screen.findByRole('button', { name: /Reject/ }));
    const dialog = (await screen.findByText('Reject this thing')).closest('.ant-modal') as HTMLElement;
    const confirm = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reject it' }));
    confirm();
    expect(await screen.findByText('Give the user a reason')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason (the user sees it)'), { target: { value: '   ' } });
    confirm();
    await new Promise((r) => setTimeout(r, 100));
    expect(posts(sent)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Reason (the user sees it)'), { target: { value: ' Blurred ' } });
    confirm();
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({ url: '/api/admin/things/1/reject', body: { reason: 'Blurred' } });
  });

  it('shows a second review answered 409 as a clear message, drops the buttons and reloads the list', async () => {
    answerPost = () => json(409, { code: 2020, message: 'This thing has already been reviewed', data: null });
    mountPage('/things', <Things />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Review' }))[0]!);
    fireEvent.click(await screen.findByRole('button', { name: /Reject/ }));
    fireEvent.change(await screen.findByLabelText('Reason (the user sees it)'), {
      target: { value: 'late' },
    });
    const dialog = screen.getByText('Reject this thing').closest('.ant-modal') as HTMLElement;
    const before = lists(sent).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject it' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This thing has already been reviewed');
    expect(alert.textContent).toContain('Another operator decided this one meanwhile');
    // The drawer stays with its details, without Approve or Reject; the list is asked again.
    expect(screen.getByText('Details of row 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    await waitFor(() => expect(lists(sent).length).toBeGreaterThan(before));
  });
});
