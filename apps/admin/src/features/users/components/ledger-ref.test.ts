import { describe, expect, it } from 'vitest';
import { dateTime } from '../../../lib/format.ts';
import { ledgerRefText, marketWords } from './ledger-ref.ts';

describe('ledgerRefText', () => {
  it('says what each kind of entry belongs to, in words', () => {
    expect(ledgerRefText({ kind: 'order', order_id: '123', market: 'BTC_USDC_PERP' })).toBe(
      'Order #123 · BTC/USDC perpetual',
    );
    expect(ledgerRefText({ kind: 'order', order_id: '9', market: 'ETH_USDC', trade_id: '9:0' })).toBe(
      'Order #9 · ETH/USDC',
    );
    expect(
      ledgerRefText({
        kind: 'order',
        order_id: '123',
        market: 'BTC_USDC_PERP',
        trade_id: '123:0',
        position_id: 'BTC_USDC_PERP:cross:long',
        side: 'long',
        margin_mode: 'cross',
      }),
    ).toBe('Order #123 · BTC/USDC perpetual · closes the long (cross)');
    const at = Date.UTC(2030, 0, 1, 8);
    expect(ledgerRefText({ kind: 'funding', market: 'BTC_USDC_PERP', at })).toBe(
      `Funding · BTC/USDC perpetual · ${dateTime(at)}`,
    );
    expect(ledgerRefText({ kind: 'transfer', transfer_id: 't1' })).toBe('Transfer');
    expect(ledgerRefText({ kind: 'deposit', deposit_id: 'd1' })).toBe('Deposit');
    expect(ledgerRefText({ kind: 'demo_credit' })).toBe('Demo starting credit');
    expect(ledgerRefText({ kind: 'withdrawal', withdrawal_id: 'w1' })).toBe('Withdrawal');
  });

  it('names the position of a liquidation, an ADL and a realised profit, with the order where known', () => {
    const position = {
      position_id: 'BTC_USDC_PERP:isolated:long',
      side: 'long',
      margin_mode: 'isolated',
    } as const;
    expect(
      ledgerRefText({ kind: 'liquidation', market: 'BTC_USDC_PERP', ...position, order_id: 'liq:57:0' }),
    ).toBe('Liquidation of BTC/USDC long (isolated) · Order liq:57:0');
    expect(ledgerRefText({ kind: 'liquidation', market: 'BTC_USDC_PERP' })).toBe(
      'Liquidation · BTC/USDC perpetual',
    );
    expect(
      ledgerRefText({
        kind: 'adl',
        market: 'ETH_USDC_PERP',
        position_id: 'ETH_USDC_PERP:cross:short',
        side: 'short',
        margin_mode: 'cross',
        order_id: 'adl:60:1',
      }),
    ).toBe('Auto-deleveraging of ETH/USDC short (cross) · Order adl:60:1');
    expect(ledgerRefText({ kind: 'adl', market: 'ETH_USDC_PERP' })).toBe(
      'Auto-deleveraging · ETH/USDC perpetual',
    );
    const short = { position_id: 'BTC_USDC_PERP:cross:short', side: 'short', margin_mode: 'cross' } as const;
    expect(
      ledgerRefText({ kind: 'realised', market: 'BTC_USDC_PERP', ...short, cause: 'order', order_id: '88' }),
    ).toBe('Profit realised on BTC/USDC short (cross) · for Order #88');
    expect(ledgerRefText({ kind: 'realised', market: 'BTC_USDC_PERP', ...short, cause: 'funding' })).toBe(
      'Profit realised on BTC/USDC short (cross) · for funding',
    );
    expect(ledgerRefText({ kind: 'realised', market: 'BTC_USDC_PERP', ...short, cause: 'liquidation' })).toBe(
      'Profit realised on BTC/USDC short (cross) · for a liquidation',
    );
    expect(ledgerRefText({ kind: 'realised', market: 'BTC_USDC_PERP', ...short })).toBe(
      'Profit realised on BTC/USDC short (cross)',
    );
  });

  it("names a product's money move by its step and the product's record (ADR 255)", () => {
    const move = (product: string, step: string, record_id: string) =>
      ledgerRefText({ kind: 'product', product, step, record_id } as never);
    expect(move('flash', 'convert', 'kX9q-2_a')).toBe('Conversion · record kX9q-2_a');
    expect(move('flash', 'refund', 'kX9q-2_a')).toBe('Conversion refund · record kX9q-2_a');
    expect(move('otc', 'buy', '12')).toBe('OTC buy · order #12');
    expect(move('otc', 'sell', '12')).toBe('OTC sell · order #12');
    expect(move('otc', 'refund', '12')).toBe('OTC sell refund · order #12');
    expect(move('ieo', 'subscribe', '3')).toBe('IEO subscription · application #3');
    expect(move('ieo', 'allot', '3')).toBe('IEO allocation · application #3');
    expect(move('ieo', 'refund', '3')).toBe('IEO refund · application #3');
    expect(move('ai', 'subscribe', '5')).toBe('AI quant subscription · order #5');
    expect(move('ai', 'redeem', '5')).toBe('AI quant redemption · order #5');
    expect(move('staking', 'subscribe', '4')).toBe('Staking subscription · stake #4');
    expect(move('staking', 'redeem', '4')).toBe('Staking redemption · stake #4');
    expect(move('staking', 'interest', '4')).toBe('Staking interest · stake #4');
    expect(move('staking', 'refund', '4')).toBe('Staking refund · stake #4');
    expect(move('dividend', 'claim', '7')).toBe('Dividend · claim #7');
    // A newer server's product or step: no words for the product, the step as sent.
    expect(move('lottery', 'win', '1')).toBeUndefined();
    expect(move('__proto__', 'win', '1')).toBeUndefined();
    expect(move('otc', 'cancel', '12')).toBe('cancel · order #12');
  });

  it('gives nothing for a missing or malformed ref, and keeps an unknown market as it is', () => {
    expect(ledgerRefText(undefined)).toBeUndefined();
    expect(ledgerRefText(null as never)).toBeUndefined();
    expect(ledgerRefText({ kind: 'future' } as never)).toBeUndefined();
    expect(marketWords('WEIRD')).toBe('WEIRD');
    expect(marketWords('BTC_USDC')).toBe('BTC/USDC');
  });
});
