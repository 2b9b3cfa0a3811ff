import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { langSummary, TextWithLangs } from './table-cells.tsx';

const ALL = { de: 'a', en: 'a', zh_CN: 'a', zh_TW: 'a', es: 'a', fr: 'a', it: 'a' };

describe('languages of an operator text (ADR 243)', () => {
  afterEach(cleanup);

  it('says all, the short codes of some in the tabs’ order, or the text of record only', () => {
    expect(langSummary(ALL)).toBe('All 7 languages');
    expect(langSummary({ zh_CN: 'x', de: 'x', fr: 'x' })).toBe('DE, 简中, FR');
    expect(langSummary({})).toBe('Text of record only');
    expect(langSummary(undefined)).toBe('Text of record only');
  });

  it('names the languages in full on hover', () => {
    render(<TextWithLangs text="ETH Staking" texts={{ de: 'x', it: 'y' }} />);
    expect(screen.getByText('DE, IT').getAttribute('title')).toBe('Deutsch, Italiano');
  });
});
