import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPage } from '../../../test/console.tsx';
import {
  cancelSendsNothing,
  clickSave,
  fieldOfMessage,
  invalid,
  openOn,
  saveAndPost,
  savesExactly,
  typeIn,
} from '../../../test/edit-texts-testkit.ts';
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
const page = { mount: () => mountPage('/votes', <Votes />), row: POLL, url: '/api/admin/votes/3' };

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

  it('opens prefilled and sends the texts of record and exactly the edited maps', () =>
    savesExactly(page, {
      prefill: {
        'Title (text of record)': 'Which coin should we list next?',
        'Title (Deutsch)': 'Welchen Coin sollen wir als Nächstes listen?',
        'Description (Deutsch)': 'Eine Stimme pro Konto.',
        'Options (Deutsch)': 'Solana\nDOGE',
      },
      typed: {
        'Title (Français)': 'Quelle crypto lister ensuite ?',
        'Description (Deutsch)': '',
        'Options (Deutsch)': 'Solana\nDogecoin',
      },
      body: {
        title: 'Which coin should we list next?',
        description: 'One vote per account.',
        title_i18n: {
          de: 'Welchen Coin sollen wir als Nächstes listen?',
          fr: 'Quelle crypto lister ensuite ?',
        },
        description_i18n: {},
        options_i18n: [{ de: 'Solana' }, { de: 'Dogecoin' }],
      },
    }));

  it("puts a 422 on an option's label in its language's tab, and a wrong line count is not sent", async () => {
    const { sent, dialog } = await openOn(page, () =>
      invalid({ 'options_i18n.1.de': ['At most 80 characters'] }),
    );
    typeIn(dialog, 'Options (Italiano)', 'Solana');
    clickSave(dialog);
    expect(await dialog.findByText('One line per option (2)')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
    typeIn(dialog, 'Options (Italiano)', '');
    await saveAndPost(dialog, sent, page.url);
    expect(await fieldOfMessage(dialog, 'At most 80 characters')).toBe('Options (Deutsch)');
  });

  it('sends nothing when cancelled', () => cancelSendsNothing(page));
});
