// /Vote's result counts say "1 vote", not "1 votes" (i18next plural keys vote.votes_one /
// vote.votes in every language); an ended poll's state is grey, not in the warn colour. A poll not
// yet open says the IEO's word for the same state (fr "À venir", not "Pas commencé"; ADR 271).

import type { Poll } from '@ex/contract';
import { LANGS, webCatalogues } from '@ex/i18n';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openScreen } from './helpers/screen.tsx';

const poll: Poll = {
  id: '1',
  title: 'Which perpetual market should get 100x leverage next?',
  description: '',
  options: [
    { id: 0, label: 'ETH', votes: 3 },
    { id: 1, label: 'SOL', votes: 1 },
    { id: 2, label: 'BNB', votes: 0 },
  ],
  starts_at: 1_795_000_000_000,
  ends_at: 1_795_500_000_000,
  state: 'closed',
  my_option: 0,
} as Poll;

let polls: Poll[] = [poll];
vi.mock('../src/lib/api.ts', () => ({ api: { vote: { polls: async () => polls, vote: vi.fn() } } }));

const { default: Vote } = await import('../src/features/vote/routes/Vote.tsx');

describe('Vote results', () => {
  afterEach(() => {
    cleanup();
    polls = [poll];
  });

  it('counts in the singular for one vote and the plural otherwise (en)', async () => {
    openScreen([{ path: '/Vote', Component: Vote }], '/Vote');
    expect(await screen.findByText('1 vote')).toBeTruthy();
    expect(screen.getByText('3 votes')).toBeTruthy();
    expect(screen.getByText('0 votes')).toBeTruthy();
  });

  it("shows an ended poll's state in neutral grey, not the warn colour", async () => {
    openScreen([{ path: '/Vote', Component: Vote }], '/Vote');
    const state = await screen.findByText('Ended');
    expect(state.className).toBe('ai-status');
  });

  it('and in German', async () => {
    openScreen([{ path: '/Vote', Component: Vote }], '/Vote', { lang: 'de' });
    expect(await screen.findByText('1 Stimme')).toBeTruthy();
    expect(screen.getByText('3 Stimmen')).toBeTruthy();
  });

  it.each(LANGS)('%s: an upcoming poll says the IEO word for upcoming', (lang) => {
    const { earn1, earn2 } = webCatalogues[lang];
    expect(earn2.vote.upcoming).toBe(earn1.ieo.status.not_started);
    expect(earn2.vote.upcoming).toBe(earn1.ieo.upcoming);
  });

  it('fr: an upcoming poll on /Vote reads "À venir"', async () => {
    polls = [{ ...poll, state: 'upcoming', my_option: null } as Poll];
    openScreen([{ path: '/Vote', Component: Vote }], '/Vote', { lang: 'fr' });
    expect(await screen.findByText('À venir')).toBeTruthy();
    expect(screen.queryByText('Pas commencé')).toBeNull();
  });
});
