// The demo's seeded German texts (welcome message, FAQ, vote, notices) use the app's own words: the
// walk of the fourteenth session found "AI-Quant"/"AI-Sparen" where every screen says "KI-Quant",
// "Kontrakt-Konto" where the wallet says "Futures-Konto", and "Handelspasswort" where the withdraw
// gate says "Transaktionspasswort" (ADR 274).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../src');
const files = ['seed/faq.ts', 'seed/world.ts', 'community/seed.ts'];
const read = (file: string) => readFileSync(join(src, file), 'utf8');

describe('seeded German texts', () => {
  it.each(files)('%s says KI-Quant, Futures-Konto and Transaktionspasswort', (file) => {
    // German-only words, so the whole file is searched (every language's text sits in it).
    const text = read(file);
    for (const word of ['AI-Quant', 'AI-Sparen', 'Kontrakt-Konto', 'Kontrakt-Guthaben', 'Handelspasswort'])
      expect(text, `${file}: ${word}`).not.toContain(word);
  });

  it('a notice title does not end a line on a lone hyphen', () => {
    const titles = read('community/seed.ts')
      .split('\n')
      .filter((l) => l.includes('title:'));
    for (const t of titles) expect(t).not.toMatch(/ -[A-Za-zÄÖÜäöü]/);
  });
});
