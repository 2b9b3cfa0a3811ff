// One member level, one name: /My's chip said "VIP 0" while Home's check-in card said "Stufe 0"
// (Level 0, Nivel 0…) for the same user.member_level. Both read "VIP n" now, in every language.
import { LANGS, webCatalogues } from '@ex/i18n';
import { describe, expect, it } from 'vitest';

describe('the member level reads the same on Home and on My', () => {
  it.each(LANGS)('%s: check-in card and profile chip name the level alike', (lang) => {
    const c = webCatalogues[lang];
    expect(c.community.checkin.level).toBe(c.my.level);
    expect(c.community.checkin.nextLevel).toContain('VIP');
    expect(c.community.checkin.topLevel).toContain('VIP');
  });
});
