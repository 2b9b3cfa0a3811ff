import type { Coin, ContractAction, ContractOrderRequest, ContractOrderType, Depth, Position } from '@ex/sdk';
import { Button, Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { TextTabs } from '../../../components/TextTabs.tsx';
import {
  formatPercent,
  formatPrice,
  formatQuantity,
  formatSpendable,
  formatUsdc,
  isDecimalString,
  NBSP,
  shiftDecimal,
  withUnit,
} from '../../../lib/format.ts';
import { usePlaceContractOrder } from '../api/contract.ts';
import { usePositionMode } from '../api/position-mode.ts';
import { useBalances } from '../api/spot.ts';
import { cmp, isPositive, percentOf, roundToStep, trim } from '../decimal.ts';
import { formatEstFee } from '../estimate.ts';
import { type Kind, type MarginMode, type PerpSide, perpQtyForPercent } from '../form.ts';
import { useContractTypeLabel } from '../order-type.ts';
import { ConfirmSheet } from './ConfirmSheet.tsx';
import { DecimalStepper } from './DecimalStepper.tsx';
import { useFieldErrorText } from './field-error.ts';
import { checkOneWay, contractAction } from './one-way.ts';
import {
  PriceQuantityFields,
  PriceStepper,
  sameNames,
  useOrderTicket,
  usePickedPrice,
  useSeedPrice,
} from './order-ticket.tsx';
import { PercentSlider } from './PercentSlider.tsx';
import { type Stp, StpSelect } from './StpSelect.tsx';

type Field = 'price' | 'quantity' | 'tp_price' | 'sl_price' | 'trigger_price' | 'callback_rate';
const fieldOf = sameNames<Field>([
  'price',
  'quantity',
  'tp_price',
  'sl_price',
  'trigger_price',
  'callback_rate',
]);
type Tif = NonNullable<ContractOrderRequest['time_in_force']>;
type StopKind = 'stop_limit' | 'stop_market' | 'trailing_stop';

/** The perpetual order form: open/close, limit/market, TP/SL, margin and liquidation estimates. */
export function ContractForm({
  market,
  depth,
  pickedPrice,
  leverage,
  mode,
  mark,
  positions,
  indexStale = false,
}: {
  market: Coin;
  depth: Depth | undefined;
  pickedPrice: { price: string } | null;
  leverage: number;
  mode: MarginMode;
  mark: string | undefined;
  positions: Position[];
  /** No fresh index (ADR 153): the server refuses orders and closes, so the buttons are off. */
  indexStale?: boolean;
}) {
  const { t } = useTranslation();
  const fieldErrorText = useFieldErrorText();
  const typeLabel = useContractTypeLabel();
  const { lang } = useLang();
  const ticket = useOrderTicket<Field>(`/ContractOpe?symbol=${market.symbol}`);
  const { signedIn, touched, setTouched, serverErrors, setServerErrors, clearError } = ticket;
  const balances = useBalances();
  const place = usePlaceContractOrder();
  const [intent, setIntent] = useState<'open' | 'close'>('open');
  // One-way mode (ADR 180): Buy/Long and Sell/Short without open/close tabs (a buy reduces a short
  // first; positions close from their own buttons).
  const oneWay = usePositionMode().data?.mode === 'one_way';
  if (oneWay && intent === 'close') setIntent('open');
  // One-way reduce-only (ADR 184): Buy sends close_short and Sell close_long, which the core never
  // lets open or flip a position.
  const [reduceOnlyChecked, setReduceOnly] = useState(false);
  const reduceOnly = oneWay && reduceOnlyChecked;
  /** The order opens (or, one-way, may open) a position: margin estimates, TP/SL and the % of funds. */
  const opening = intent === 'open' && !reduceOnly;
  // limit / market, or a conditional order (ADR 136): stop-limit, stop-market, trailing stop.
  const [tab, setTab] = useState<Kind | 'stop'>('limit');
  const [stopKind, setStopKind] = useState<StopKind>('stop_limit');
  const orderType: ContractOrderType = tab === 'stop' ? stopKind : tab;
  // What the estimates treat it as: a limit at its price, or a market order at the trigger.
  const type: Kind = orderType === 'limit' || orderType === 'stop_limit' ? 'limit' : 'market';
  const [trigger, setTrigger] = useState('');
  const [triggerBy, setTriggerBy] = useState<'mark' | 'last'>('mark');
  const [callback, setCallback] = useState('1');
  const [tif, setTif] = useState<Tif>('GTC');
  const [stp, setStp] = useState<Stp>('cancel_newest');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [withTpsl, setWithTpsl] = useState(false);
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [percent, setPercent] = useState(0);
  const [confirm, setConfirm] = useState<PerpSide | null>(null);

  useSeedPrice(market.symbol, (isPositive(market.last) ? market.last : mark) || undefined, setPrice);
  usePickedPrice(pickedPrice, (p) => {
    setPrice(p);
    setTab('limit');
  });

  // What a new order may use: the engine's free collateral (ADR 221), as the assets page shows it.
  const available = balances.data?.contract.free_collateral ?? '0';
  // A close order reduces the position of the chosen margin mode (ids are SYMBOL:mode:side).
  const long = positions.find(
    (p) => p.symbol === market.symbol && p.margin_mode === mode && p.side === 'long',
  );
  const short = positions.find(
    (p) => p.symbol === market.symbol && p.margin_mode === mode && p.side === 'short',
  );
  const liveRef = mark ?? (isPositive(market.last) ? market.last : (depth?.asks[0]?.[0] ?? undefined));
  const marketRef = orderType === 'stop_market' && isPositive(trigger) ? trigger : liveRef;
  const refPrice = type === 'limit' ? price : marketRef;
  const conditional = tab === 'stop';
  const useTpsl = opening && withTpsl && !conditional;
  // Market-like orders never rest: only IOC / FOK apply to them (the server refuses the others).
  const tifOptions: Tif[] = type === 'limit' ? ['GTC', 'IOC', 'FOK', 'POST_ONLY'] : ['IOC', 'FOK'];
  const tifSent: Tif | undefined = tifOptions.includes(tif) ? tif : undefined;

  // One-way: a buy first reduces the short of this margin mode, a sell the long; only the rest
  // opens, so the margin and the funds check count only that part (hedge mode: no opposite).
  const oppositeOf = (side: PerpSide) => (oneWay ? (side === 'long' ? short : long)?.size : undefined);
  const checkFor = (side: PerpSide) =>
    checkOneWay(
      {
        side,
        type,
        price,
        quantity,
        leverage,
        mode,
        available: signedIn && opening ? available : '',
        marketPrice: marketRef,
        tp: useTpsl ? tp : '',
        sl: useTpsl ? sl : '',
      },
      market,
      oppositeOf(side),
    );
  const [lastSide, setLastSide] = useState<PerpSide>('long');
  const longCheck = checkFor(lastSide);
  const shownError = (f: Field) =>
    serverErrors[f] ??
    (touched && f !== 'trigger_price' && f !== 'callback_rate'
      ? fieldErrorText(longCheck.errors[f], lang, market.quote)
      : undefined);
  // Every figure with its unit is one unbreakable piece ("0,0100\u00A0BTC"), in sentences and rows.
  const fmtQty = (q: string) => withUnit(formatQuantity(q, market, lang), market.base);
  const fmtPrice = (p: string | undefined) =>
    withUnit(formatPrice(p, market.price_scale, lang), market.quote);
  const usdc = (text: string) => withUnit(text, 'USDC');

  const onPercent = (p: number) => {
    setPercent(p);
    clearError('quantity');
    if (p === 0) return setQuantity('');
    if (opening) return setQuantity(perpQtyForPercent(p, available, leverage, refPrice, market));
    // Closing: a share of the larger open position of this market.
    const size = [long, short].map((x) => x?.size ?? '0').reduce((a, b) => (cmp(a, b) >= 0 ? a : b));
    setQuantity(roundToStep(percentOf(size, p, market.qty_scale + 2), market.step_size));
  };

  const start = (side: PerpSide) => {
    if (!ticket.ensureSignedIn()) return;
    setTouched(true);
    setLastSide(side);
    if (Object.keys(checkFor(side).errors).length > 0) return;
    setConfirm(side);
  };

  const action: ContractAction | null = confirm ? contractAction(confirm, !opening) : null;
  const check = confirm ? checkFor(confirm) : longCheck;

  const send = () => {
    if (!action) return;
    place.mutate(
      {
        body: {
          symbol: market.symbol,
          action,
          type: orderType,
          ...(type === 'limit' ? { price: trim(price) } : {}),
          quantity: trim(quantity),
          leverage,
          margin_mode: mode,
          ...(useTpsl && tp ? { tp_price: trim(tp) } : {}),
          ...(useTpsl && sl ? { sl_price: trim(sl) } : {}),
          ...(tifSent ? { time_in_force: tifSent } : {}),
          stp,
          ...(conditional ? { trigger_by: triggerBy } : {}),
          ...(orderType === 'stop_limit' || orderType === 'stop_market'
            ? { trigger_price: trim(trigger) }
            : {}),
          ...(orderType === 'trailing_stop' ? { callback_rate: trim(callback) } : {}),
        },
        key: ticket.key(),
      },
      ticket.outcome(
        fieldOf,
        () => setConfirm(null),
        () => {
          setQuantity('');
          setPercent(0);
        },
      ),
    );
  };

  const at =
    type === 'limit'
      ? t('trade.atPrice', { price: fmtPrice(price) })
      : t('trade.atMarket', { price: fmtPrice(marketRef) });
  const sentenceKey = {
    open_long: 'trade.perpOpenLongSentence',
    open_short: 'trade.perpOpenShortSentence',
    close_long: 'trade.perpCloseLongSentence',
    close_short: 'trade.perpCloseShortSentence',
  } as const;
  const modeText = mode === 'cross' ? t('trade.cross') : t('trade.isolated');
  const sentences = action
    ? [
        // One-way mode with a position on the other side: the order closes part of it first, so
        // "you open a long of <all of it>" would be wrong; say buy/sell, the split line follows.
        t(
          opening && isPositive(check.reduce)
            ? confirm === 'long'
              ? 'trade.perpBuySentence'
              : 'trade.perpSellSentence'
            : sentenceKey[action],
          { leverage, qty: fmtQty(quantity || '0'), at },
        ),
        ...(opening && isPositive(check.reduce)
          ? [
              t('trade.oneWaySplit', {
                reduce: fmtQty(check.reduce),
                open: fmtQty(check.open),
                position: confirm === 'long' ? t('trade.short') : t('trade.long'),
              }),
            ]
          : []),
        ...(opening
          ? [
              t('trade.perpCost', {
                margin: usdc(formatUsdc(check.margin, lang)),
                fee: usdc(formatEstFee(check.fee, lang)),
                mode: modeText,
              }),
              check.liquidation
                ? t('trade.perpLiq', {
                    price: usdc(formatPrice(check.liquidation, market.price_scale, lang)),
                  })
                : t('trade.perpNoLiq'),
            ]
          : []),
      ]
    : [];
  const actionLabel: Record<ContractAction, string> = {
    open_long: oneWay ? t('trade.buyLong') : t('trade.openLong'),
    open_short: oneWay ? t('trade.sellShort') : t('trade.openShort'),
    close_long: oneWay ? t('trade.sellReduce') : t('trade.closeLong'),
    close_short: oneWay ? t('trade.buyReduce') : t('trade.closeShort'),
  };

  return (
    <form
      className="tform"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        start('long');
      }}
    >
      {!oneWay && (
        <TextTabs<'open' | 'close'>
          dense
          className="intent-tabs"
          label={t('trade.side')}
          value={intent}
          onChange={(v) => {
            setIntent(v);
            setQuantity('');
            setPercent(0);
            setTouched(false);
            setServerErrors({});
          }}
          options={[
            { value: 'open', label: t('trade.open') },
            { value: 'close', label: t('trade.close') },
          ]}
        />
      )}
      <TextTabs<Kind | 'stop'>
        dense
        label={t('trade.orderType')}
        value={tab}
        onChange={setTab}
        options={[
          { value: 'limit', label: t('trade.limit') },
          { value: 'market', label: t('trade.market') },
          { value: 'stop', label: t('trade.stop') },
        ]}
      />
      {conditional && (
        <>
          <TextTabs<StopKind>
            dense
            className="stop-tabs"
            label={t('trade.stop')}
            value={stopKind}
            onChange={setStopKind}
            options={[
              { value: 'stop_limit', label: t('trade.stopLimit') },
              { value: 'stop_market', label: t('trade.stopMarket') },
              { value: 'trailing_stop', label: t('trade.trailingStop') },
            ]}
          />
          {orderType === 'trailing_stop' ? (
            <DecimalStepper
              name="callback_rate"
              label={t('trade.callbackRate')}
              suffix="%"
              value={callback}
              onChange={(v) => {
                setCallback(v);
                clearError('callback_rate');
              }}
              step="0.1"
              scale={2}
              error={serverErrors.callback_rate}
            />
          ) : (
            <PriceStepper
              market={market}
              name="trigger_price"
              label={t('trade.triggerPrice')}
              value={trigger}
              onChange={(v) => {
                setTrigger(v);
                clearError('trigger_price');
              }}
              fallback={mark ?? market.last}
              error={serverErrors.trigger_price}
            />
          )}
          <TextTabs<'mark' | 'last'>
            dense
            className="trigger-by"
            label={t('trade.triggerBy')}
            value={triggerBy}
            onChange={setTriggerBy}
            options={[
              { value: 'mark', label: `${t('trade.triggerBy')}: ${t('trade.byMark')}` },
              { value: 'last', label: t('trade.byLast') },
            ]}
          />
        </>
      )}
      <PriceQuantityFields
        market={market}
        limit={type === 'limit'}
        price={price}
        onPrice={(v) => {
          setPrice(v);
          clearError('price');
        }}
        priceFallback={mark ?? market.last}
        priceError={shownError('price')}
        quantity={quantity}
        onQuantity={(v) => {
          setQuantity(v);
          setPercent(0);
          clearError('quantity');
        }}
        quantityError={shownError('quantity')}
      />
      <PercentSlider tone="up" value={percent} onChange={onPercent} disabled={!signedIn} />
      <div className="tform__selects">
        <label className="tform__select">
          <span className="muted small">{t('trade.tif')}</span>
          <select
            name="time_in_force"
            value={tifSent ?? tifOptions[0]}
            onChange={(e) => setTif(e.target.value as Tif)}
          >
            {tifOptions.map((v) => (
              <option key={v} value={v}>
                {v === 'POST_ONLY' ? t('trade.postOnly') : v}
              </option>
            ))}
          </select>
        </label>
        <StpSelect value={stp} onChange={setStp} />
      </div>
      {oneWay && (
        <Checkbox
          className="hide-others"
          checked={reduceOnlyChecked}
          onChange={(v) => {
            setReduceOnly(v);
            setQuantity('');
            setPercent(0);
            setServerErrors({});
          }}
        >
          {t('trade.reduceOnly')}
        </Checkbox>
      )}
      {reduceOnly && <p className="muted small">{t('trade.reduceOnlyHint')}</p>}
      {opening && !conditional && (
        <Checkbox className="hide-others" checked={withTpsl} onChange={setWithTpsl}>
          {t('trade.tpsl')}
        </Checkbox>
      )}
      {useTpsl && (
        <>
          <PriceStepper
            market={market}
            name="tp_price"
            label={t('trade.tp')}
            value={tp}
            placeholder={t('trade.optional')}
            onChange={setTp}
            fallback={refPrice}
            error={shownError('tp_price')}
          />
          <PriceStepper
            market={market}
            name="sl_price"
            label={t('trade.sl')}
            value={sl}
            placeholder={t('trade.optional')}
            onChange={setSl}
            fallback={refPrice}
            error={shownError('sl_price')}
          />
        </>
      )}
      <dl className="tform__info">
        <div className="kv">
          <dt>{t('trade.available')}</dt>
          <dd className="num">
            {signedIn ? usdc(formatSpendable(available, lang)) : '--'}
            {signedIn && (
              <Link to="/TransformTwo" className="inline-link" aria-label={t('trade.transfer')}>
                ⇄
              </Link>
            )}
          </dd>
        </div>
        {opening && (
          <>
            <div className="kv">
              <dt>{t('trade.estMargin')}</dt>
              <dd className="num">
                {longCheck.margin ? `≈${NBSP}${usdc(formatUsdc(longCheck.margin, lang))}` : '--'}
              </dd>
            </div>
            <div className="kv">
              <dt>{t('trade.estLiq')}</dt>
              <dd className="num">
                {longCheck.margin ? (
                  <>
                    <span className="tone-up">
                      {formatPrice(checkFor('long').liquidation, market.price_scale, lang)}
                    </span>
                    {' / '}
                    <span className="tone-down">
                      {formatPrice(checkFor('short').liquidation, market.price_scale, lang)}
                    </span>
                  </>
                ) : (
                  '--'
                )}
              </dd>
            </div>
            {isDecimalString(market.liquidation_fee_rate) && (
              // ADR 183: the clearance fee a liquidation would charge, told before it does.
              <div className="kv">
                <dt>{t('trade.liqFee')}</dt>
                <dd className="num">
                  {formatPercent(shiftDecimal(market.liquidation_fee_rate, 2), lang, { maxFraction: 4 })}
                </dd>
              </div>
            )}
          </>
        )}
      </dl>
      <div className="perp-actions">
        <Button
          block
          className="action-btn action-btn--up"
          disabled={place.isPending || (signedIn && indexStale)}
          onClick={() => start('long')}
        >
          {signedIn
            ? intent === 'open'
              ? reduceOnly
                ? actionLabel.close_short
                : actionLabel.open_long
              : t('trade.closeShort')
            : t('trade.loginToTrade')}
        </Button>
        {signedIn && (
          <Button
            block
            className="action-btn action-btn--down"
            disabled={place.isPending || indexStale}
            onClick={() => start('short')}
          >
            {intent === 'open'
              ? reduceOnly
                ? actionLabel.close_long
                : actionLabel.open_short
              : t('trade.closeLong')}
          </Button>
        )}
      </div>
      <ConfirmSheet
        open={confirm !== null}
        title={t('trade.confirmTitle')}
        tone={confirm === 'short' ? 'down' : 'up'}
        loading={place.isPending}
        sentences={sentences}
        rows={[
          { label: t('trade.pair'), value: `${market.base}/${market.quote} ${t('market.perp')}` },
          {
            label: t('trade.side'),
            value: action ? `${actionLabel[action]} · ${typeLabel(orderType)}` : '',
            tone: confirm === 'short' ? 'down' : 'up',
          },
          ...(orderType === 'stop_limit' || orderType === 'stop_market'
            ? [
                {
                  label: t('trade.triggerPrice'),
                  value: `${formatPrice(trigger, market.price_scale, lang)} (${triggerBy === 'mark' ? t('trade.byMark') : t('trade.byLast')})`,
                },
              ]
            : []),
          ...(orderType === 'trailing_stop'
            ? [{ label: t('trade.callbackRate'), value: formatPercent(callback, lang) }]
            : []),
          ...(tifSent
            ? [{ label: t('trade.tif'), value: tifSent === 'POST_ONLY' ? t('trade.postOnly') : tifSent }]
            : []),
          { label: t('trade.leverage'), value: `${modeText} ${leverage}x` },
          { label: t('trade.quantity'), value: fmtQty(quantity || '0') },
          ...(opening
            ? [
                { label: t('trade.estMargin'), value: `≈${NBSP}${usdc(formatUsdc(check.margin, lang))}` },
                {
                  label: t('trade.estFee'),
                  value: `≈${NBSP}${usdc(formatEstFee(check.fee, lang))}`,
                },
                { label: t('trade.estLiq'), value: formatPrice(check.liquidation, market.price_scale, lang) },
              ]
            : []),
          ...(useTpsl && tp
            ? [{ label: t('trade.tp'), value: formatPrice(tp, market.price_scale, lang) }]
            : []),
          ...(useTpsl && sl
            ? [{ label: t('trade.sl'), value: formatPrice(sl, market.price_scale, lang) }]
            : []),
        ]}
        confirmText={action ? actionLabel[action] : ''}
        onConfirm={send}
        onClose={() => setConfirm(null)}
      />
    </form>
  );
}
