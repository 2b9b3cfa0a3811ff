// A perpetual fill posts the hold release and the fee as two entries (ADR 242); the hold it releases
// was posted as "Order platziert", so the history read "Order platziert −425,96" then "Ordersperre
// freigegeben +425,96": a payment, then a refund of something never named. The hold and its release
// now carry one name, as zh_CN/zh_TW already did (下单冻结 / 订单解冻). Italian pairs them the same
// way, lock and unlock ("Blocco ordine" / "Sblocco ordine"): "Blocco ordine rilasciato" took two
// lines in the ledger row at 375 px while its amount stood on the first.
import { LANGS, webCatalogues } from '@ex/i18n';
import { describe, expect, it } from 'vitest';

describe('ledger: the order hold and its release read as a pair', () => {
  it('de: "Ordersperre" and "Ordersperre freigegeben"', () => {
    const t = webCatalogues.de.wallet.types;
    expect(t.postingOrder).toBe('Ordersperre');
    expect(t.refundPostingOrder).toBe('Ordersperre freigegeben');
  });

  it('it: "Blocco ordine" and "Sblocco ordine", the release the hold undone', () => {
    const t = webCatalogues.it.wallet.types;
    expect(t.postingOrder).toBe('Blocco ordine');
    expect(t.refundPostingOrder).toBe(`S${t.postingOrder.toLowerCase()}`);
  });

  it.each(LANGS.filter((l) => !l.startsWith('zh') && l !== 'it'))(
    '%s: the release names the hold it releases',
    (lang) => {
      const t = webCatalogues[lang].wallet.types;
      expect(t.refundPostingOrder.startsWith(t.postingOrder)).toBe(true);
    },
  );
});
