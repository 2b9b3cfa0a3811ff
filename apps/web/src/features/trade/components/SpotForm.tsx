import type { Coin, Depth } from '@ex/sdk';
import { isValidationError } from '@ex/sdk';
import { Button, Toast } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { formatDecimal, formatPrice, formatUsdc } from '../../../lib/format.ts';
import { hasToken } from '../../../lib/storage.ts';
import { useBalances, usePlaceSpotOrder } from '../api/spot.ts';
import { isPositive, trim } from '../decimal.ts';
import {
  checkSpot,
  type FieldError,
  type Kind,
  percentForQty,
  type Side,
  spotQtyForPercent,
} from '../form.ts';
import { ConfirmSheet } from './ConfirmSheet.tsx';
import { DecimalStepper } from './DecimalStepper.tsx';
import { fieldErrorText } from './field-error.ts';
import { PercentSlider } from './PercentSlider.tsx';
import { SideSwitch, TextTabs } from './SideSwitch.tsx';

type Field = 'price' | 'quantity';

export function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

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
  const { lang } = useLang();
  const navigate = useNavigate();
  const signedIn = hasToken(window.localStorage);
  const balances = useBalances();
  const place = usePlaceSpotOrder();
  const [side, setSide] = useState<Side>(initialSide);
  const [type, setType] = useState<Kind>('limit');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const keyRef = useRef(newKey());

  // A new pair starts with its last price and an empty amount.
  const seeded = useRef('');
  useEffect(() => {
    if (seeded.current === market.symbol) return;
    if (!isPositive(market.last) && !depth) return;
    seeded.current = market.symbol;
    const ref = isPositive(market.last) ? market.last : (depth?.bids[0]?.[0] ?? '');
    setPrice(ref);
    setQuantity('');
    setTouched(false);
    setServerErrors({});
  }, [market.symbol, market.last, depth]);

  useEffect(() => {
    if (pickedPrice) {
      setPrice(pickedPrice.price);
      setType('limit');
      setServerErrors((e) => ({ ...e, price: undefined }));
    }
  }, [pickedPrice]);

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
  const errorText = (e: FieldError | undefined) => fieldErrorText(t, e, lang, market.quote);
  const shownError = (f: Field) => serverErrors[f] ?? (touched ? errorText(check.errors[f]) : undefined);
  const tone = side === 'buy' ? 'up' : 'down';
  const actionText =
    side === 'buy' ? t('trade.buyBase', { base: market.base }) : t('trade.sellBase', { base: market.base });
  const fmtQty = (q: string) =>
    formatDecimal(q, lang, { minFraction: market.qty_scale, maxFraction: market.qty_scale });

  const submit = () => {
    if (!signedIn) {
      navigate(`/Login?redirect=${encodeURIComponent(`/SpotOpe?symbol=${market.symbol}`)}`);
      return;
    }
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
        key: keyRef.current,
      },
      {
        onSuccess: () => {
          keyRef.current = newKey();
          setConfirming(false);
          setQuantity('');
          setTouched(false);
          Toast.show({ content: t('trade.placed'), icon: 'success', duration: 2000 });
        },
        onError: (error) => {
          keyRef.current = newKey();
          setConfirming(false);
          if (isValidationError(error)) {
            const next: Partial<Record<Field, string>> = {};
            for (const [field, messages] of Object.entries(error.errors)) {
              const f: Field | null =
                field === 'price'
                  ? 'price'
                  : field === 'quantity' || field === 'quote_amount'
                    ? 'quantity'
                    : null;
              if (f) next[f] = messages[0];
              else Toast.show({ content: messages[0] ?? error.message, duration: 2000 });
            }
            setServerErrors(next);
          }
        },
      },
    );
  };

  const sentence = t(side === 'buy' ? 'trade.spotBuySentence' : 'trade.spotSellSentence', {
    qty: fmtQty(quantity || '0'),
    base: market.base,
    at:
      type === 'limit'
        ? t('trade.atPrice', { price: formatPrice(price, market.price_scale, lang), quote: market.quote })
        : t('trade.atMarket', {
            price: formatPrice(marketPrice, market.price_scale, lang),
            quote: market.quote,
          }),
  });
  const costSentence = check.cost
    ? t(side === 'buy' ? 'trade.spotBuyCost' : 'trade.spotSellCost', {
        amount: formatUsdc(check.cost, lang),
        fee: formatUsdc(check.fee, lang),
        quote: market.quote,
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
      {type === 'limit' ? (
        <DecimalStepper
          name="price"
          label={t('trade.price')}
          suffix={market.quote}
          value={price}
          onChange={(v) => {
            setPrice(v);
            setServerErrors((e) => ({ ...e, price: undefined }));
          }}
          step={market.tick_size}
          scale={market.price_scale}
          fallback={market.last}
          error={shownError('price')}
        />
      ) : (
        <div className="stepper stepper--disabled">
          <div className="stepper__field stepper__field--static">
            <span className="stepper__label">{t('trade.price')}</span>
            <span className="stepper__static">{t('trade.marketPrice')}</span>
          </div>
        </div>
      )}
      <DecimalStepper
        name="quantity"
        label={t('trade.quantity')}
        suffix={market.base}
        value={quantity}
        onChange={(v) => {
          setQuantity(v);
          setServerErrors((e) => ({ ...e, quantity: undefined }));
        }}
        step={market.step_size}
        scale={market.qty_scale}
        error={shownError('quantity')}
      />
      <PercentSlider
        tone={tone}
        value={percent}
        disabled={!signedIn}
        onChange={(p) => {
          setQuantity(p === 0 ? '' : spotQtyForPercent(side, p, available, refPrice, market));
          setServerErrors((e) => ({ ...e, quantity: undefined }));
        }}
      />
      <dl className="tform__info">
        <div className="kv">
          <dt>{t('trade.available')}</dt>
          <dd className="num">
            {signedIn
              ? `${side === 'buy' ? formatUsdc(quoteBal, lang) : fmtQty(baseBal)} ${side === 'buy' ? market.quote : market.base}`
              : '--'}
          </dd>
        </div>
        <div className="kv">
          <dt>{side === 'buy' ? t('trade.estCost') : t('trade.estProceeds')}</dt>
          <dd className="num">{check.cost ? `≈ ${formatUsdc(check.cost, lang)} ${market.quote}` : '--'}</dd>
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
            value:
              type === 'limit'
                ? `${formatPrice(price, market.price_scale, lang)} ${market.quote}`
                : `≈ ${formatPrice(marketPrice, market.price_scale, lang)} ${market.quote}`,
          },
          { label: t('trade.quantity'), value: `${fmtQty(quantity || '0')} ${market.base}` },
          {
            label: side === 'buy' ? t('trade.estCost') : t('trade.estProceeds'),
            value: `≈ ${formatDecimal(check.cost, lang, { minFraction: 2, maxFraction: 6 })} ${market.quote}`,
          },
          {
            label: t('trade.estFee'),
            value: `≈ ${formatDecimal(check.fee, lang, { minFraction: 2, maxFraction: 6 })} ${market.quote}`,
          },
        ]}
        confirmText={actionText}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}
