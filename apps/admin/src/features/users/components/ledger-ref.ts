import type { LedgerProduct, LedgerProductStep, LedgerRef } from '@ex/contract';
import { dateTime } from '../../../lib/format.ts';

/**
 * What a ledger entry belongs to, in the operator's words (ADR 244, 245): the user app's "Belongs
 * to" line in English, with the ids support needs spelled out (an engine-made order's id in full,
 * where the app says only "Liquidation"). Undefined for an entry without a `ref`.
 */
export function ledgerRefText(ref: LedgerRef | undefined): string | undefined {
  // The drawer's records arrive untyped on the wire (ADR 239): anything but an object is no ref.
  if (typeof ref !== 'object' || ref === null) return undefined;
  switch (ref.kind) {
    case 'order': {
      const parts = [orderWords(ref.order_id)];
      if (ref.market) parts.push(marketWords(ref.market));
      if (ref.side) parts.push(`closes the ${positionSide(ref.side, ref.margin_mode)}`);
      return parts.join(' · ');
    }
    case 'funding':
      return ['Funding', marketWords(ref.market), dateTime(ref.at)].join(' · ');
    case 'transfer':
      return 'Transfer';
    case 'deposit':
      return 'Deposit';
    case 'demo_credit':
      // The seed's minted starting funds of a demo account (ADR 252): no coin came in.
      return 'Demo starting credit';
    case 'withdrawal':
      return 'Withdrawal';
    case 'liquidation':
    case 'adl': {
      const what = ref.kind === 'liquidation' ? 'Liquidation' : 'Auto-deleveraging';
      const head = ref.side
        ? `${what} of ${positionWords(ref.market, ref.side, ref.margin_mode)}`
        : `${what} · ${marketWords(ref.market)}`;
      return ref.order_id ? `${head} · ${orderWords(ref.order_id)}` : head;
    }
    case 'realised': {
      const head = `Profit realised on ${ref.side ? positionWords(ref.market, ref.side, ref.margin_mode) : marketWords(ref.market)}`;
      const cause =
        ref.cause === 'order' && ref.order_id
          ? `for ${orderWords(ref.order_id)}`
          : ref.cause === 'liquidation'
            ? 'for a liquidation'
            : ref.cause === 'adl'
              ? 'for auto-deleveraging'
              : ref.cause === 'funding'
                ? 'for funding'
                : undefined;
      return cause ? `${head} · ${cause}` : head;
    }
    case 'product': {
      // A product's money move (ADR 255): "Staking interest · stake #4", "OTC buy · order #12".
      if (!Object.hasOwn(PRODUCT_WORDS, ref.product) || typeof ref.record_id !== 'string') return undefined;
      const words = PRODUCT_WORDS[ref.product];
      const step = (Object.hasOwn(words.steps, ref.step) ? words.steps[ref.step] : undefined) ?? ref.step;
      return `${step} · ${words.record} ${/^\d+$/.test(ref.record_id) ? `#${ref.record_id}` : ref.record_id}`;
    }
  }
}

/**
 * Each product's record as its console page lists it, and its steps' names (the app's English,
 * ADR 255). A flash conversion's id is a random string, shown whole.
 */
const PRODUCT_WORDS: Record<
  LedgerProduct,
  { record: string; steps: Partial<Record<LedgerProductStep, string>> }
> = {
  flash: { record: 'record', steps: { convert: 'Conversion', refund: 'Conversion refund' } },
  otc: { record: 'order', steps: { buy: 'OTC buy', sell: 'OTC sell', refund: 'OTC sell refund' } },
  ieo: {
    record: 'application',
    steps: { subscribe: 'IEO subscription', allot: 'IEO allocation', refund: 'IEO refund' },
  },
  ai: { record: 'order', steps: { subscribe: 'AI quant subscription', redeem: 'AI quant redemption' } },
  staking: {
    record: 'stake',
    steps: {
      subscribe: 'Staking subscription',
      redeem: 'Staking redemption',
      interest: 'Staking interest',
      refund: 'Staking refund',
    },
  },
  dividend: { record: 'claim', steps: { claim: 'Dividend' } },
};

/** BTC_USDC reads BTC/USDC, BTC_USDC_PERP BTC/USDC perpetual; anything else as it is. */
export function marketWords(symbol: string): string {
  if (typeof symbol !== 'string') return '—';
  const perp = symbol.endsWith('_PERP');
  const [base, quote, ...rest] = (perp ? symbol.slice(0, -'_PERP'.length) : symbol).split('_');
  if (!base || !quote || rest.length > 0) return symbol;
  return `${base}/${quote}${perp ? ' perpetual' : ''}`;
}

/** "BTC/USDC long (isolated)": a position is always a perpetual's, so the pair says enough. */
function positionWords(
  symbol: string,
  side: 'long' | 'short',
  mode: 'cross' | 'isolated' | undefined,
): string {
  return `${marketWords(symbol).replace(/ perpetual$/, '')} ${positionSide(side, mode)}`;
}

const positionSide = (side: 'long' | 'short', mode: 'cross' | 'isolated' | undefined) =>
  mode ? `${side} (${mode})` : side;

/** "Order #123" for an engine order number; an engine-made order's id in full ("Order liq:57:0"). */
const orderWords = (id: string) => (/^\d+$/.test(id) ? `Order #${id}` : `Order ${id}`);
