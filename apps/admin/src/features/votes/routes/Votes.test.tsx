import { describe, expect, it } from 'vitest';
import { optionTexts } from './Votes.tsx';

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
