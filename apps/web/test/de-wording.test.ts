// The German UI addresses the user as "Sie" and calls a crypto asset a "Coin" on every screen. The
// wallet catalogue once said "du" ("von deinem Spot-Konto", "Öffne sie erneut") beside "Sie" on the
// deposit and withdraw screens, and OTC and the flash exchange said "Münze(n)" beside "Coin".
// Home's shortcut and Settings called the transaction password "Handelspasswort" while the withdraw
// gate, the password screen and the server's refusals said "Transaktionspasswort": one name now.
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

const de = strings(webCatalogues.de);

describe('German wording of the web app', () => {
  it('never uses the informal "du" (du, dein…, dich, dir, imperatives like "Öffne")', () => {
    const informal = /\b(du|dich|dir|dein|deine|deinem|deinen|deiner|deines)\b/i;
    const imperative =
      /(^|[.!?]\s+)(Zahle|Öffne|Verschiebe|Wähle|Gib|Tippe|Prüfe|Lade|Teile|Sende|Füge|Lege|Kopiere|Blende)\s/;
    const offenders = de
      .filter(([, v]) => informal.test(v) || imperative.test(v))
      .map(([k, v]) => `${k}: ${v}`);
    expect(offenders).toEqual([]);
  });

  it('calls a crypto asset a "Coin", never a "Münze"', () => {
    const offenders = de.filter(([, v]) => /Münze/i.test(v)).map(([k, v]) => `${k}: ${v}`);
    expect(offenders).toEqual([]);
  });

  it('puts the coin before the verb on the OTC buttons ("USDC kaufen"), in every language with its own order', () => {
    expect(webCatalogues.de.earn1.otc.buyCoin.replace('{{coin}}', 'USDC')).toBe('USDC kaufen');
    expect(webCatalogues.de.earn1.otc.sellCoin.replace('{{coin}}', 'BTC')).toBe('BTC verkaufen');
    expect(webCatalogues.en.earn1.otc.buyCoin.replace('{{coin}}', 'USDC')).toBe('Buy USDC');
  });

  it('names the transaction password "Transaktionspasswort" on Home, Settings, withdraw and the password screen', () => {
    const de = webCatalogues.de;
    const names = [
      de.home.shortcuts.tradePwd.replace(/\u00ad/g, ''),
      de.setting.tradePwd,
      de.security.pwd.trade,
      de.funds.withdraw.tradePassword,
    ];
    expect(new Set(names)).toEqual(new Set(['Transaktionspasswort']));
    const offenders = strings(de).filter(([, v]) => /Handels\u00ad?passwort/i.test(v));
    expect(offenders).toEqual([]);
  });

  it('the "use all" button reads the same on transfer, withdraw, exchange and staking ("Max", once "Max.")', () => {
    const labels = new Set(
      strings(webCatalogues.de)
        .filter(([k]) => /(^|\.)max$/.test(k))
        .map(([, v]) => v),
    );
    expect(labels).toEqual(new Set(['Max']));
  });

  it('the futures form names the funding rate as the coin detail does ("Funding-Rate / Countdown")', () => {
    const de = webCatalogues.de;
    expect(de.trade.funding).toBe(`${de.detail.funding} / Countdown`);
  });

  it('the proof of reserves titles the reader\'s balance "zu diesem Stand" (was "im Stand", not German)', () => {
    expect(webCatalogues.de.reserves.yours).toBe('Ihr Guthaben zu diesem Stand');
  });

  it('the futures form keeps "Liq.-Preis" whole when its label wraps (no-break hyphen), not "Liq.-" / "Preis"', () => {
    const { estLiq } = webCatalogues.de.trade;
    expect(estLiq).toBe('Geschätzter Liq.\u2011Preis');
    expect(estLiq).not.toContain('-');
  });

  it('profit and loss is "PnL" on the position card, the order history and the futures account alike', () => {
    // They said "Unrealisierter PnL", "Realisierter GuV" and "Unrealisierter G&V" for one idea.
    const offenders = strings(webCatalogues.de).filter(([, v]) => /\bGuV\b|G&V/.test(v));
    expect(offenders).toEqual([]);
    expect(webCatalogues.de.trade.orderPnl).toBe('Realisierter PnL');
    expect(webCatalogues.de.wallet.assets.unrealizedPnl).toBe(webCatalogues.de.trade.pnl);
  });

  it('a trading order is an "Order" (the amend sheet and the statement export said "Auftrag"); OTC keeps its "Aufträge"', () => {
    const offenders = strings(webCatalogues.de)
      .filter(([k, v]) => /Auftr[aä]g/.test(v) && !k.startsWith('earn1.otc.') && !v.startsWith('OTC-'))
      .map(([k, v]) => `${k}: ${v}`);
    expect(offenders).toEqual([]);
  });
});
