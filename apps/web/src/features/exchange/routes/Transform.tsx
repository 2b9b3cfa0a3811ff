import type { ExchangeQuote } from '@ex/contract';
import { isValidationError } from '@ex/sdk';
import { Button, Popup } from 'antd-mobile';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { serverRefusal } from '../../../lib/form-errors.ts';
import { formatDecimal, NBSP, withUnit } from '../../../lib/format.ts';
import type { Lang } from '../../../lib/lang.ts';
import { assetDecimals } from '../../wallet/lib/amount.ts';
import {
  useEstimate,
  useExchangeCoins,
  useExchangeHistory,
  useExecute,
  useQuote,
  useSpotBalances,
} from '../api/exchange.ts';
import { checkAmount, coinScale, normaliseAmount } from '../lib/amount.ts';
import '../exchange.css';
import { formatDateTime } from '../../../lib/time.ts';
import { showToast } from '../../../lib/toast.ts';

const QUOTE = 'USDC';

/** The server's localised reason for refusing a quote (a field's message first), if it gave one. */
function refusal(err: unknown): string | undefined {
  if (isValidationError(err)) return Object.values(err.errors)[0]?.[0] ?? err.message;
  return serverRefusal(err)?.message;
}

/**
 * "You receive" at the coin's list precision (USDC 2 decimals, a coin its own), cut towards zero:
 * an estimate never promises more than the confirmation gives (970.715278 USDC reads 970.71, not
 * 970.72). A positive amount too small for that ("0.00" for 0.00097 USDC) in full instead.
 */
function estimateText(receive: string, coin: string, lang: Lang): string {
  const places = coin === QUOTE ? 2 : assetDecimals(coin);
  const listed = formatDecimal(receive, lang, { minFraction: 2, maxFraction: places, rounding: 'down' });
  if (/[1-9]/.test(listed)) return listed;
  return formatDecimal(receive, lang, { minFraction: 2, maxFraction: coinScale(coin), rounding: 'down' });
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

/**
 * /Transform: flash exchange of a coin against USDC at the market price. The fee rate is the
 * server's and not shown, nor the fee amount that would reveal it (spec section 9); the quote shows
 * what will be credited, valid ~10 s.
 */
export default function Transform() {
  const { t } = useTranslation();
  const { t: t1 } = useTranslation('earn1');
  const { lang } = useLang();
  const coins = useExchangeCoins();
  const balances = useSpotBalances();
  const history = useExchangeHistory();
  const quote = useQuote();
  const execute = useExecute();
  const amountId = useId();

  const [coin, setCoin] = useState('BTC');
  const [sell, setSell] = useState(true);
  const [amount, setAmount] = useState('');
  const [serverError, setServerError] = useState<string | undefined>();
  const [offer, setOffer] = useState<ExchangeQuote | null>(null);
  // The server's clock decides; the local one only drives the countdown from when the quote arrived.
  const [offerAt, setOfferAt] = useState(0);
  const now = useNow(offer !== null);
  const busy = useRef(false);

  const from = sell ? coin : QUOTE;
  const to = sell ? QUOTE : coin;
  const scale = coinScale(from);
  const available = balances.data?.spot.find((s) => s.coin === from)?.available;
  const problem = checkAmount(normaliseAmount(amount), scale, available);
  // The live estimate of "You receive", for a well-formed amount (above the balance too: what it
  // would give is still worth knowing); the server's refusal of it shows under the amount.
  const estimate = useEstimate(
    amount !== '' && problem !== 'invalid' ? { from, to, amount: normaliseAmount(amount) } : null,
  );
  const estimateMsg = refusal(estimate.error);
  // A refusal of a refresh replaces the figure it refused; a refresh that got no answer keeps it.
  const estimated = estimateMsg === undefined ? estimate.quote : undefined;
  // A screen reader hears the estimate for an amount the user typed, not each 10 s refresh of it:
  // once a figure for this very amount has been shown, the region stops announcing until the amount
  // (or the pair) changes.
  const estimateFor = `${from}>${to}:${amount}`;
  const announced = useRef<string | undefined>(undefined);
  const quiet = estimated !== undefined && announced.current === estimateFor;
  useEffect(() => {
    if (estimated !== undefined) announced.current = estimateFor;
  }, [estimated, estimateFor]);
  const amountMsg =
    serverError ??
    (problem === 'invalid'
      ? t1('exchange.amountInvalid')
      : problem === 'exceeds'
        ? t1('exchange.exceeds')
        : estimateMsg);
  // The quote lives 10 s on the server; count down from its arrival, with a second of margin.
  const secondsLeft = offer ? Math.max(0, Math.ceil((9_000 - (now - offerAt)) / 1000)) : 0;
  const expired = offer !== null && secondsLeft === 0;
  const canQuote = amount !== '' && problem === null && estimateMsg === undefined && !quote.isPending;

  const ask = async () => {
    if (!canQuote || busy.current) return;
    busy.current = true;
    setServerError(undefined);
    try {
      const q = await quote.mutateAsync({ from, to, amount: normaliseAmount(amount) });
      setOffer(q);
      setOfferAt(Date.now());
    } catch (err) {
      setServerError(refusal(err));
    } finally {
      busy.current = false;
    }
  };

  const confirm = async () => {
    if (!offer || busy.current) return;
    if (expired) {
      await ask();
      return;
    }
    busy.current = true;
    try {
      await execute.mutateAsync(offer.quote_id);
      setOffer(null);
      setAmount('');
      showToast(t1('exchange.done'), 2000, 'success');
    } catch (err) {
      setOffer(null);
      setServerError(refusal(err));
    } finally {
      busy.current = false;
    }
  };

  // Exact (never rounded, up to 8 decimals) but at least 2, as the wallet shows it: "0.50 BTC".
  const fmt = (v: string | undefined) => formatDecimal(v, lang, { minFraction: 2, maxFraction: 8 });

  return (
    <PageShell title={t('titles.transform')}>
      <div className="fx">
        <section className="fx-card" aria-label={t1('exchange.pay')}>
          <div className="fx-card__head">
            <span className="fx-label">{t1('exchange.pay')}</span>
            <span className="fx-avail num">
              {t1('exchange.available', { amount: withUnit(fmt(available), from) })}
            </span>
          </div>
          <div className="fx-card__row">
            <label htmlFor={amountId} className="fx-coin">
              {from}
            </label>
            <FieldInput
              id={amountId}
              className="fx-input num"
              inputMode="decimal"
              placeholder="0"
              value={amount}
              onChange={(v) => {
                setAmount(v);
                setServerError(undefined);
              }}
              aria-invalid={amountMsg !== undefined}
              aria-describedby={amountMsg ? `${amountId}-error` : undefined}
            />
            <button
              type="button"
              className="fx-max"
              onClick={() => {
                if (available) setAmount(available);
                setServerError(undefined);
              }}
            >
              {t1('exchange.max')}
            </button>
          </div>
          {amountMsg && (
            <p className="fx-error" id={`${amountId}-error`} role="alert">
              {amountMsg}
            </p>
          )}
        </section>

        <div className="fx-swap">
          <button
            type="button"
            className="fx-swap__btn"
            aria-label={t1('exchange.swap')}
            onClick={() => {
              setSell((s) => !s);
              setAmount('');
              setServerError(undefined);
            }}
          >
            ⇅
          </button>
        </div>

        <section className="fx-card" aria-label={t1('exchange.receive')}>
          <div className="fx-card__head">
            <span className="fx-label">{t1('exchange.receive')}</span>
          </div>
          <div className="fx-card__row">
            <span className="fx-coin">{to}</span>
            {/* The estimate at the coin's list precision, cut down; '--' until a valid amount has one. */}
            <output
              className={`fx-estimate num${estimate.pending ? ' is-pending' : estimated ? '' : ' is-none'}`}
              aria-live={quiet ? 'off' : 'polite'}
              aria-busy={estimate.pending}
              aria-label={estimate.pending ? t1('exchange.estimating') : undefined}
              data-testid="fx-estimate"
            >
              {estimated ? estimateText(estimated.receive, to, lang) : estimate.pending ? '' : '--'}
            </output>
          </div>
        </section>

        <div className="fx-coins">
          {(coins.data?.coins ?? ['BTC', 'ETH']).map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={c === coin}
              className={`fx-chip ${c === coin ? 'is-on' : ''}`}
              onClick={() => {
                setCoin(c);
                setAmount('');
                setServerError(undefined);
              }}
            >
              {c}
            </button>
          ))}
        </div>

        <Button
          block
          color="primary"
          size="large"
          disabled={!canQuote}
          loading={quote.isPending}
          onClick={ask}
        >
          {t1('exchange.submit')}
        </Button>

        <section className="fx-history" aria-label={t1('exchange.history')}>
          <h2 className="fx-h2">{t1('exchange.history')}</h2>
          {history.isError && !history.data && <LoadFailed compact onRetry={() => void history.refetch()} />}
          {history.data && history.data.list.length === 0 && (
            <p className="fx-empty">{t1('exchange.noHistory')}</p>
          )}
          {history.data?.list.map((r) => (
            <div key={r.id} className="fx-row">
              <div className="fx-row__main">
                <span className="fx-row__pair">
                  {r.from} → {r.to}
                </span>
                <span className="fx-row__time">{formatDateTime(r.created_at, lang, { seconds: true })}</span>
              </div>
              <div className="fx-row__side num">
                <span>
                  {'\u2212'}
                  {withUnit(fmt(r.amount), r.from)}
                </span>
                <span className="fx-up">+{withUnit(fmt(r.receive), r.to)}</span>
              </div>
            </div>
          ))}
        </section>
      </div>

      <Popup visible={offer !== null} onMaskClick={() => setOffer(null)} bodyClassName="fx-sheet">
        {offer && (
          <div className="fx-sheet__body">
            <h2 className="fx-h2">{t1('exchange.confirmTitle')}</h2>
            <dl className="fx-dl num">
              <dt>{t1('exchange.pay')}</dt>
              <dd>{withUnit(fmt(offer.amount), offer.from)}</dd>
              <dt>{t1('exchange.rate')}</dt>
              <dd>
                {withUnit('1', coin)} ≈{NBSP}
                {withUnit(fmt(offer.price), QUOTE)}
              </dd>
              <dt>{t1('exchange.receive')}</dt>
              <dd className="fx-strong">{withUnit(fmt(offer.receive), offer.to)}</dd>
            </dl>
            <p className="fx-valid">{expired ? '' : t1('exchange.quoteValid', { seconds: secondsLeft })}</p>
            {/* A way back that is not a tap on the dimmed page: the sheet had Confirm alone. */}
            <div className="fx-sheet__actions">
              <Button size="large" disabled={execute.isPending} onClick={() => setOffer(null)}>
                {t('common.cancel')}
              </Button>
              <Button
                color="primary"
                size="large"
                loading={execute.isPending || quote.isPending}
                onClick={confirm}
              >
                {expired ? t1('exchange.requote') : t1('exchange.confirm')}
              </Button>
            </div>
          </div>
        )}
      </Popup>
    </PageShell>
  );
}
