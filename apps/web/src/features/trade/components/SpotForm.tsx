import type { Coin, Depth } from '@ex/sdk';
import { Button } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { TextTabs } from '../../../components/TextTabs.tsx';
import {
  formatPrice,
  formatQuantity,
  formatSpendable,
  formatUsdc,
  NBSP,
  withUnit,
} from '../../../lib/format.ts';
import { useBalances, usePlaceSpotOrder } from '../api/spot.ts';
import { isPositive, trim } from '../decimal.ts';
import { formatEstFee } from '../estimate.ts';
import {
  checkSpot,
  type FieldError,
  type Kind,
  percentForQty,
  type Side,
  spotQtyForPercent,
} from '../form.ts';
import { ConfirmSheet } from './ConfirmSheet.tsx';
import { useFieldErrorText } from './field-error.ts';
import { PriceQuantityFields, useOrderTicket, usePickedPrice, useSeedPrice } from './order-ticket.tsx';
import { PercentSlider } from './PercentSlider.tsx';
import { SideSwitch } from './SideSwitch.tsx';

type Field = 'price' | 'quantity';
const fieldOf = (name: string): Field | null =>
  name === 'price' ? 'price' : name === 'quantity' || name === 'quote_amount' ? 'quantity' : null;

/** The spot order form (DESIGN.md trade screen, left 55 %). */
export function SpotForm({
  market,
  depth,
  pickedPrice,
  initialSide = 'buy',
}: {
  market: Coin;
  depth: Depth | undefined;
  /** A price tapped in the order book (changes identity per tap). */
  pickedPrice: { price: string } | null;
  initialSide?: Side;
}) {
  const { t } = useTranslation();
  const fieldErrorText = useFieldErrorText();
  const { lang } = useLang();
  const ticket = useOrderTicket<Field>(`/SpotOpe?symbol=${market.symbol}`);
  const { signedIn, touched, setTouched, serverErrors, setServerErrors, clearError } = ticket;
  const balances = useBalances();
  const place = usePlaceSpotOrder();
  const [side, setSide] = useState<Side>(initialSide);
  const [type, setType] = useState<Kind>('limit');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [confirming, setConfirming] = useState(false);

  // A new pair starts with its last price (else the best bid) and an empty amount.
  useSeedPrice(
    market.symbol,
    isPositive(market.last) ? market.last : depth ? (depth.bids[0]?.[0] ?? '') : undefined,
    (ref) => {
      setPrice(ref);
      setQuantity('');
      setTouched(false);
      setServerErrors({});
    },
  );
  usePickedPrice(pickedPrice, (p) => {
    setPrice(p);
    setType('limit');
    clearError('price');
  });

  const quoteBal = balances.data?.spot.find((b) => b.coin === market.quote)?.available ?? '0';
  const baseBal = balances.data?.spot.find((b) => b.coin === market.base)?.available ?? '0';
  const available = side === 'buy' ? quoteBal : baseBal;
  const bestOpposite = side === 'buy' ? depth?.asks[0]?.[0] : depth?.bids[0]?.[0];
  const marketPrice = bestOpposite ?? (isPositive(market.last) ? market.last : undefined);
  const refPrice = type === 'limit' ? price : marketPrice;

  const check = useMemo(
    () =>
      checkSpot({ side, type, price, quantity, available: signedIn ? available : '', marketPrice }, market),
    [side, type, price, quantity, available, marketPrice, market, signedIn],
  );
  const percent = percentForQty(side, quantity, available, refPrice);
  const errorText = (e: FieldError | undefined) => fieldErrorText(e, lang, market.quote);
  const shownError = (f: Field) => serverErrors[f] ?? (touched ? errorText(check.errors[f]) : undefined);
  const tone = side === 'buy' ? 'up' : 'down';
  const actionText =
    side === 'buy' ? t('trade.buyBase', { base: market.base }) : t('trade.sellBase', { base: market.base });
  // Every figure with its unit is one unbreakable piece ("0,0100\u00A0BTC"), in sentences and rows.
  const fmtQty = (q: string) => withUnit(formatQuantity(q, market, lang), market.base);
  const fmtPrice = (p: string | undefined) =>
    withUnit(formatPrice(p, market.price_scale, lang), market.quote);
  const fmtQuote = (text: string) => withUnit(text, market.quote);

  const submit = () => {
    if (!ticket.ensureSignedIn()) return;
    setTouched(true);
    if (Object.keys(check.errors).length > 0) return;
    setConfirming(true);
  };

  const send = () => {
    place.mutate(
      {
        body: {
          symbol: market.symbol,
          side,
          type,
          ...(type === 'limit' ? { price: trim(price) } : {}),
          quantity: trim(quantity),
        },
        key: ticket.key(),
      },
      ticket.outcome(
        fieldOf,
        () => setConfirming(false),
        () => setQuantity(''),
      ),
    );
  };

  const sentence = t(side === 'buy' ? 'trade.spotBuySentence' : 'trade.spotSellSentence', {
    qty: fmtQty(quantity || '0'),
    at:
      type === 'limit'
        ? t('trade.atPrice', { price: fmtPrice(price) })
        : t('trade.atMarket', { price: fmtPrice(marketPrice) }),
  });
  const costSentence = check.cost
    ? t(side === 'buy' ? 'trade.spotBuyCost' : 'trade.spotSellCost', {
        amount: fmtQuote(formatUsdc(check.cost, lang)),
        fee: fmtQuote(formatEstFee(check.fee, lang)),
      })
    : '';

  return (
    <form
      className="tform"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <SideSwitch
        label={t('trade.side')}
        value={side}
        onChange={(s) => {
          setSide(s);
          setQuantity('');
          setTouched(false);
          setServerErrors({});
        }}
        options={[
          { value: 'buy', label: t('trade.buy') },
          { value: 'sell', label: t('trade.sell') },
        ]}
      />
      <TextTabs
        dense
        label={t('trade.orderType')}
        value={type}
        onChange={(k) => {
          setType(k);
          setServerErrors({});
        }}
        options={[
          { value: 'limit', label: t('trade.limit') },
          { value: 'market', label: t('trade.market') },
        ]}
      />
      <PriceQuantityFields
        market={market}
        limit={type === 'limit'}
        price={price}
        onPrice={(v) => {
          setPrice(v);
          clearError('price');
        }}
        priceFallback={market.last}
        priceError={shownError('price')}
        quantity={quantity}
        onQuantity={(v) => {
          setQuantity(v);
          clearError('quantity');
        }}
        quantityError={shownError('quantity')}
      />
      <PercentSlider
        tone={tone}
        value={percent}
        disabled={!signedIn}
        onChange={(p) => {
          setQuantity(p === 0 ? '' : spotQtyForPercent(side, p, available, refPrice, market));
          clearError('quantity');
        }}
      />
      <dl className="tform__info">
        <div className="kv">
          <dt>{t('trade.available')}</dt>
          <dd className="num">
            {signedIn ? (side === 'buy' ? fmtQuote(formatSpendable(quoteBal, lang)) : fmtQty(baseBal)) : '--'}
          </dd>
        </div>
        <div className="kv">
          <dt>{side === 'buy' ? t('trade.estCost') : t('trade.estProceeds')}</dt>
          <dd className="num">{check.cost ? `≈${NBSP}${fmtQuote(formatUsdc(check.cost, lang))}` : '--'}</dd>
        </div>
      </dl>
      <Button type="submit" block className={`action-btn action-btn--${tone}`} disabled={place.isPending}>
        {signedIn ? actionText : t('trade.loginToTrade')}
      </Button>
      <ConfirmSheet
        open={confirming}
        title={t('trade.confirmTitle')}
        tone={tone}
        loading={place.isPending}
        sentences={[sentence, costSentence].filter(Boolean)}
        rows={[
          { label: t('trade.pair'), value: `${market.base}/${market.quote}` },
          {
            label: t('trade.side'),
            value: `${side === 'buy' ? t('trade.buy') : t('trade.sell')} · ${type === 'limit' ? t('trade.limit') : t('trade.market')}`,
            tone,
          },
          {
            label: t('trade.price'),
            value: type === 'limit' ? fmtPrice(price) : `≈${NBSP}${fmtPrice(marketPrice)}`,
          },
          { label: t('trade.quantity'), value: fmtQty(quantity || '0') },
          {
            label: side === 'buy' ? t('trade.estCost') : t('trade.estProceeds'),
            value: `≈${NBSP}${fmtQuote(formatUsdc(check.cost, lang))}`,
          },
          {
            label: t('trade.estFee'),
            value: `≈${NBSP}${fmtQuote(formatEstFee(check.fee, lang))}`,
          },
        ]}
        confirmText={actionText}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}
