import type { LedgerEntry } from '@ex/sdk';

/** What a ledger entry belongs to, as the server describes it (ADR 244). */
export type LedgerRef = NonNullable<LedgerEntry['ref']>;

/** `BTC_USDC` reads BTC/USDC, `BTC_USDC_PERP` BTC/USDC-Perp (the perpetual's usual name). */
export function marketLabel(symbol: string): string {
  const perp = symbol.endsWith('_PERP');
  const [base, quote] = (perp ? symbol.slice(0, -'_PERP'.length) : symbol).split('_');
  if (!base || !quote) return symbol;
  return `${base}/${quote}${perp ? '-Perp' : ''}`;
}

/**
 * The short transaction id a user can quote to support: the journal position of the entry (the
 * part of the row id before `:`, ADR 244). Unique across the exchange; support finds the row with
 * it and the user's account. A row id of another shape is shown whole.
 */
export function transactionId(entryId: string): string {
  const seq = entryId.split(':')[0] ?? '';
  return /^\d+$/.test(seq) ? seq : entryId;
}

/** An order id short enough to show after '#' (engine order ids are numbers; others read "Order"). */
export function shortOrderId(id: string): string | undefined {
  return /^\d{1,12}$/.test(id) ? id : undefined;
}

/**
 * Where an entry's cause can be seen. There is no single-order screen: an order leads to its
 * market's order history (spot or futures, by the entry's account). A liquidation, an ADL and a
 * realised profit lead to the futures order history of their market, which lists the liquidation
 * or ADL order (origin `liquidation` / `adl`) and the closing order (ADR 245). A product's money
 * move leads to that product's own history (ADR 255).
 */
export function refLink(ref: LedgerRef, account: LedgerEntry['account']): string | undefined {
  switch (ref.kind) {
    case 'order': {
      const path = account === 'contract' ? '/ContractOrder' : '/SpotOrder';
      return ref.market ? `${path}?symbol=${encodeURIComponent(ref.market)}` : path;
    }
    case 'liquidation':
    case 'adl':
    case 'realised':
      return `/ContractOrder?symbol=${encodeURIComponent(ref.market)}`;
    case 'transfer':
      return '/TransformHis';
    case 'deposit':
      return '/RechargeHistory';
    case 'withdrawal':
      return '/WithdrawalHistory';
    case 'product':
      // A redeemed AI subscription is listed under the settled tab.
      return ref.product === 'ai' && ref.step === 'redeem'
        ? '/AIHis?tab=settled'
        : PRODUCT_HISTORY[ref.product];
    default:
      return undefined;
  }
}

/**
 * Each product's history of the user's records (ADR 255): the flash exchange lists its conversions
 * under the form on /Transform; the others have their own screens.
 */
const PRODUCT_HISTORY: Readonly<Record<Extract<LedgerRef, { kind: 'product' }>['product'], string>> = {
  flash: '/Transform',
  otc: '/OTCHis',
  ieo: '/IEOHis',
  ai: '/AIHis',
  staking: '/DefnHis',
  dividend: '/RedPlan',
};
