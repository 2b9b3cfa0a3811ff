import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, mountPage, ok } from '../../../test/console.tsx';
import {
  cancelSendsNothing,
  fieldValue,
  invalid,
  openEditTexts,
  postsTo,
  typeIn,
} from '../../earn/components/edit-texts-testkit.ts';
import { optionLines, optionTexts, Votes } from './Votes.tsx';

describe('optionTexts (ADR 243)', () => {
  it('turns one line per option and language into one map per option', () => {
    expect(optionTexts(2, { de: ' Ja \nNein', it: 'Sì\n\nNo\n', fr: '' })).toEqual({
      texts: [
        { de: 'Ja', it: 'Sì' },
        { de: 'Nein', it: 'No' },
      ],
      wrong: [],
    });
  });

  it('sends nothing when no language is filled, and names a language with the wrong line count', () => {
    expect(optionTexts(2, {})).toEqual({ texts: undefined, wrong: [] });
    expect(optionTexts(3, { de: 'Ja\nNein', en: 'A\nB\nC' })).toEqual({
      texts: [{ en: 'A' }, { en: 'B' }, { en: 'C' }],
      wrong: ['de'],
    });
  });
});

const POLL = {
  id: '3',
  title: 'Which coin should we list next?',
  description: 'One vote per account.',
  options: [
    { id: 0, label: 'SOL', votes: 4 },
    { id: 1, label: 'DOGE', votes: 2 },
  ],
  starts_at: Date.UTC(2030, 0, 1),
  ends_at: Date.UTC(2030, 0, 8),
  state: 'upcoming',
  my_option: null,
  title_i18n: { de: 'Welchen Coin sollen wir als Nächstes listen?' },
  description_i18n: { de: 'Eine Stimme pro Konto.' },
  options_i18n: [{ de: 'Solana' }, {}],
};
const url = '/api/admin/votes/3';

describe('<Votes/> Edit texts (ADR 243)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows an option map as one line per option, the label of record where one has none', () => {
    expect(optionLines(POLL)).toEqual({ de: 'Solana\nDOGE' });
    expect(optionLines({ ...POLL, options_i18n: [] })).toEqual({});
  });

  it('opens prefilled and sends the texts of record and exactly the edited maps', async () => {
    const sent = fakeServer((s) => (s.method === 'POST' ? ok(POLL) : ok([POLL])));
    mountPage('/votes', <Votes />);
    const dialog = await openEditTexts();
    expect(fieldValue(dialog, 'Title (text of record)')).toBe('Which coin should we list next?');
    expect(fieldValue(dialog, 'Title (Deutsch)')).toBe('Welchen Coin sollen wir als Nächstes listen?');
    expect(fieldValue(dialog, 'Description (Deutsch)')).toBe('Eine Stimme pro Konto.');
    expect(fieldValue(dialog, 'Options (Deutsch)')).toBe('Solana\nDOGE');
    typeIn(dialog, 'Title (Français)', 'Quelle crypto lister ensuite ?');
    typeIn(dialog, 'Description (Deutsch)', '');
    typeIn(dialog, 'Options (Deutsch)', 'Solana\nDogecoin');
    const gets = sent.filter((s) => s.method === 'GET').length;
    dialog.getByRole('button', { name: 'Save' }).click();
    const [post] = await postsTo(sent, url);
    expect(post!.body).toEqual({
      title: 'Which coin should we list next?',
      description: 'One vote per account.',
      title_i18n: {
        de: 'Welchen Coin sollen wir als Nächstes listen?',
        fr: 'Quelle crypto lister ensuite ?',
      },
      description_i18n: {},
      options_i18n: [{ de: 'Solana' }, { de: 'Dogecoin' }],
    });
    await waitFor(() => expect(sent.filter((s) => s.method === 'GET').length).toBeGreaterThan(gets));
  });

  it("puts a 422 on an option's label in its language's tab, and a wrong line count is not sent", async () => {
    const sent = fakeServer((s) =>
      s.method === 'POST' ? invalid({ 'options_i18n.1.de': ['At most 80 characters'] }) : ok([POLL]),
    );
    mountPage('/votes', <Votes />);
    const dialog = await openEditTexts();
    typeIn(dialog, 'Options (Italiano)', 'Solana');
    dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.findByText('One line per option (2)')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
    typeIn(dialog, 'Options (Italiano)', '');
    dialog.getByRole('button', { name: 'Save' }).click();
    await postsTo(sent, url);
    const error = await dialog.findByText('At most 80 characters');
    expect(error.closest('.ant-form-item')?.querySelector('textarea')?.getAttribute('aria-label')).toBe(
      'Options (Deutsch)',
    );
  });

  it('sends nothing when cancelled', async () => {
    const sent = fakeServer(() => ok([POLL]));
    mountPage('/votes', <Votes />);
    const dialog = await openEditTexts();
    await cancelSendsNothing(dialog, sent, url);
  });
});
