// /TwoFactor at 375 px: the big set-up button repeated the page title ("Zwei-Faktor-Authentifizierung
// einrichten", "Configurar la autenticación en dos pasos", "Configura l’autenticazione a due fattori")
// and took two lines in de, es and it, while its siblings say "Einschalten" / "Ausschalten". It says
// what to do now, in one short line, in every language.
import { LANGS, webCatalogues } from '@ex/i18n';
import { describe, expect, it } from 'vitest';

describe('the two-factor set-up button', () => {
  it.each(LANGS)('%s: a short call to act, not the page title again', (lang) => {
    const { titles, security } = webCatalogues[lang];
    expect(security.twofa.start.length).toBeLessThanOrEqual(21);
    // 设置双重验证 (six characters) names it and still fits; the long Latin titles do not.
    if (!lang.startsWith('zh')) {
      expect(security.twofa.start.toLowerCase()).not.toContain(titles.twoFactor.toLowerCase());
    }
  });

  it('de: the intro asks for the code in German word order', () => {
    expect(webCatalogues.de.security.twofa.intro).toContain(
      'Danach fragen wir bei der Anmeldung auf neuen Geräten, bei Auszahlungen,',
    );
  });
});
