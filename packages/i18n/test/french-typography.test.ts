// French sets a no-break space before : ; ! ? and » and after « (the walk at 375 px saw a question
// mark alone on the last line of a dialog: "Déconnecter tous les autres appareils" / "?"), and writes
// the typographic apostrophe (l’image, as the rest of the catalogue does), not the typewriter one.
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../src/index.ts';
import { webCatalogues } from '../src/web/index.ts';

function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

const french = [...strings(webCatalogues.fr, 'web'), ...strings(serverMessages.fr, 'server')];

describe('French typography in the catalogues', () => {
  it('puts a no-break space, never a breaking one, before : ; ! ? » and after «', () => {
    const breaking = french.filter(([, text]) => /[ \t\n][:;!?»]|«[ \t\n]/.test(text)).map(([key]) => key);
    expect(breaking).toEqual([]);
  });

  it('writes the typographic apostrophe inside words', () => {
    const typewriter = french.filter(([, text]) => /\p{L}'\p{L}/u.test(text)).map(([key]) => key);
    expect(typewriter).toEqual([]);
  });

  it('keeps the no-break space it asks for (the unread counter reads "Non lus : 2" on one line)', () => {
    expect(webCatalogues.fr.community.msg.unreadCount).toBe('Non lus\u00a0: {{n}}');
    expect(webCatalogues.fr.kyc.bank.confirmTitle).toBe('Lier cette carte\u00a0?');
  });
});
