// The French, Spanish and Italian walk (375 px, the demo account): each language keeps one register
// on every screen. French says "vous" and Italian "tu" throughout; Spanish said "tú" on the login,
// markets, trade and transfer screens ("Introduce tu contraseña", "de tu Spot a tu Futuros") but
// "usted" on deposit, withdraw, KYC, security and earn ("Introduzca su contraseña de transacción"),
// so one withdrawal crossed both: it is "usted" everywhere now, as in most of its catalogue.
// French and Italian wrote the apostrophe two ways on one screen ("vérification d'identité" above
// "Carnet d’adresses" on /Withdrawal): always the typographic one now.
import { webCatalogues } from '@ex/i18n';
import { describe, expect, it } from 'vitest';

/** Every string of a catalogue with its dotted key. */
function strings(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

const offenders = (lang: 'fr' | 'es' | 'it', re: RegExp) =>
  strings(webCatalogues[lang])
    .filter(([, v]) => re.test(v))
    .map(([k, v]) => `${k}: ${v}`);

describe('one register per Romance language', () => {
  it('Spanish says "usted": no tú, tu, tus, te, imperatives like "Introduce" or "inténtalo"', () => {
    const informal =
      /(?<![\p{L}])(tú|tu|tus|te|ti|contigo|tienes|puedes|quieres|debes|eres|Introduce|Elige|Añade|Toca|Crea|Regístrate|Restablece|Mueve|inténtalo|Olvidaste|Cierras)(?![\p{L}])/u;
    expect(offenders('es', informal)).toEqual([]);
  });

  it('French says "vous": no tu, ton, ta, tes, toi', () => {
    expect(offenders('fr', /(?<![\p{L}’'])(tu|ton|ta|tes|toi)(?![\p{L}’'])/u)).toEqual([]);
  });

  it('Italian says "tu": no Lei, Suo, Sua, La preghiamo', () => {
    expect(offenders('it', /(?<![\p{L}])(Lei|Suo|Sua|Suoi|Sue|La preghiamo)(?![\p{L}])/u)).toEqual([]);
  });
});

describe('typography', () => {
  it('French and Italian elide with the typographic apostrophe (d’identité), never the straight one', () => {
    // Also at the end of a string: Italian "and" was "e l'", shown as "e l' Informativa".
    expect(offenders('fr', /\p{L}'/u)).toEqual([]);
    expect(offenders('it', /\p{L}'/u)).toEqual([]);
  });
});

describe('one name per thing', () => {
  it("Home's shortcut names the transaction password as Settings and the withdraw form do", () => {
    for (const lang of ['en', 'fr', 'es', 'it'] as const) {
      const c = webCatalogues[lang];
      expect(c.home.shortcuts.tradePwd).toBe(c.setting.tradePwd);
    }
  });

  it('the flash exchange (/Transform) converts under its title, in the button and history too', () => {
    for (const lang of ['fr', 'es', 'it'] as const) {
      const c = webCatalogues[lang];
      const stem = c.titles.transform.slice(0, 6).toLowerCase(); // convertir / converti
      expect(c.earn1.exchange.submit.toLowerCase()).toContain(stem);
      expect(c.earn1.exchange.history.toLowerCase()).toContain(stem.slice(0, 5));
      expect(c.earn1.exchange.noHistory.toLowerCase()).toContain(stem.slice(0, 5));
    }
  });

  it('Spanish staking history has no English plural ("Aún no hay stakes")', () => {
    expect(webCatalogues.es.earn2.staking.noRecords).not.toMatch(/stakes/);
  });

  it('Spanish check-in is not the sign-up word ("Registrarse hoy" read as "sign up today")', () => {
    const { checkin } = webCatalogues.es.community;
    for (const text of [checkin.title, checkin.button, checkin.done]) expect(text).not.toMatch(/Registr/);
  });

  it('the unread count reads "Non lus : 2" in French (no-break space before the colon), plural in es/it', () => {
    const count = (lang: 'fr' | 'es' | 'it') =>
      webCatalogues[lang].community.msg.unreadCount.replace('{{n}}', '2');
    expect(count('fr')).toBe('Non lus\u00a0: 2');
    expect(count('es')).toBe('No leídos: 2');
    expect(count('it')).toBe('Non letti: 2');
  });
});
