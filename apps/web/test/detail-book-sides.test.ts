// The fr walk (375 px): the coin detail's order book headed its columns "Acheter" and "Vendre", the
// verbs of the Buy/Sell buttons under it, where French names a side of the book with a noun
// ("Achat", "Vente"); zh said 买入/卖出 (buy in / sell out) for 买盘/卖盘. The book's sides have keys
// of their own (detail.bookBids, detail.bookAsks), nouns in every language, apart from the verbs.
import { LANGS, webCatalogues } from '@ex/i18n';
import { describe, expect, it } from 'vitest';

describe('the order book names its sides with nouns', () => {
  it.each(LANGS)('%s: the sides are not the Buy/Sell verbs of the buttons', (lang) => {
    const { detail, trade } = webCatalogues[lang];
    expect(detail.bookBids).not.toBe(trade.buy);
    expect(detail.bookAsks).not.toBe(trade.sell);
    expect(detail.bookBids).not.toBe(detail.bookAsks);
  });

  it('reads Achat / Vente in French, Compra / Venta in Spanish, 买盘 / 卖盘 in Chinese', () => {
    const sides = (lang: (typeof LANGS)[number]) => [
      webCatalogues[lang].detail.bookBids,
      webCatalogues[lang].detail.bookAsks,
    ];
    expect(sides('fr')).toEqual(['Achat', 'Vente']);
    expect(sides('es')).toEqual(['Compra', 'Venta']);
    expect(sides('it')).toEqual(['Acquisto', 'Vendita']);
    expect(sides('de')).toEqual(['Kauf', 'Verkauf']);
    expect(sides('zh_CN')).toEqual(['买盘', '卖盘']);
    expect(sides('zh_TW')).toEqual(['買盤', '賣盤']);
  });
});
