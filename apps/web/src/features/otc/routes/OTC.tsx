import { isOtcPaymentMethod, type OtcAd, type OtcOrder } from '@ex/contract';
import type { Lang } from '@ex/i18n';
import { isApiError, isValidationError } from '@ex/sdk';
import { Button, Popup } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { serverRefusal } from '../../../lib/form-errors.ts';
import { formatDecimal, formatPercent, withUnit } from '../../../lib/format.ts';
import { coinScale, normaliseAmount, toUnits } from '../../exchange/lib/amount.ts';
import { formatExactRange, formatListAmountWithCoin } from '../../wallet/lib/list-amount.ts';
import { useOtcAds, usePlaceOtc } from '../api/otc.ts';
import { OtcSkeleton } from '../components/OtcSkeleton.tsx';
import '../../exchange/exchange.css';
import { showToast } from '../../../lib/toast.ts';

type Field = 'quantity' | 'payment_method' | 'bank' | 'phone' | 'remarks' | 'form';

/** Fiat total like the server: paid rounded up, received rounded down, to the cent (ADR 076). */
function totalOf(ad: OtcAd, quantity: string): string | null {
  const scale = coinScale(ad.coin);
  const q = toUnits(normaliseAmount(quantity), scale);
  const p = toUnits(ad.price, 2);
  if (q === null || p === null || q === 0n) return null;
  const one = 10n ** BigInt(scale);
  const cents = ad.side === 'buy' ? (q * p + one - 1n) / one : (q * p) / one;
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** The currency the desk opens on for a reader of each language; the chips switch to any other. */
const HOME_FIAT: Record<Lang, string> = {
  de: 'EUR',
  es: 'EUR',
  fr: 'EUR',
  it: 'EUR',
  en: 'USD',
  zh_CN: 'CNY',
  zh_TW: 'TWD',
};

function inRange(ad: OtcAd, quantity: string): boolean {
  const scale = coinScale(ad.coin);
  const q = toUnits(normaliseAmount(quantity), scale);
  const min = toUnits(ad.min, scale);
  const max = toUnits(ad.max, scale);
  return q !== null && min !== null && max !== null && q >= min && q <= max;
}

/** /OTC: the desk's buy and sell offers; an order form in a sheet; buying shows the broker. */
export default function OTC() {
  const { t } = useTranslation();
  const { t: t1 } = useTranslation('earn1');
  // A known method code in the reader's words; anything else an operator typed, as typed.
  const methodName = (m: string) => (isOtcPaymentMethod(m) ? t1(`otc.methods.${m}`) : m);
  const { lang } = useLang();
  const ads = useOtcAds();
  const place = usePlaceOtc();
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [chosenFiat, setFiat] = useState<string | null>(null);
  const [ad, setAd] = useState<OtcAd | null>(null);
  const [qty, setQty] = useState('');
  const [method, setMethod] = useState('');
  const [bank, setBank] = useState('');
  const [phone, setPhone] = useState('');
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [placed, setPlaced] = useState<OtcOrder | null>(null);
  const busy = useRef(false);
  const ids = { qty: useId(), bank: useId(), phone: useId(), remarks: useId() };

  const open = (a: OtcAd) => {
    setAd(a);
    setQty('');
    setMethod(a.payment_methods[0] ?? '');
    setErrors({});
    setPlaced(null);
  };
  const total = ad ? totalOf(ad, qty) : null;
  const qtyError = ad && qty !== '' && total !== null && !inRange(ad, qty) ? t1('otc.rangeError') : undefined;

  const submit = async () => {
    if (!ad || busy.current) return;
    const local: Partial<Record<Field, string>> = {};
    if (total === null) local.quantity = t1('otc.rangeError');
    else if (!inRange(ad, qty)) local.quantity = t1('otc.rangeError');
    if (ad.side === 'sell' && bank.trim() === '') local.bank = t1('otc.required');
    if (ad.side === 'sell' && phone.trim() === '') local.phone = t1('otc.required');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    busy.current = true;
    try {
      const order = await place.mutateAsync({
        ad_id: ad.id,
        quantity: normaliseAmount(qty),
        payment_method: method,
        ...(remarks.trim() ? { remarks: remarks.trim() } : {}),
        ...(ad.side === 'sell' ? { bank: bank.trim(), phone: phone.trim() } : {}),
      });
      showToast(t1('otc.placed'), 2000, 'success');
      if (order.broker_contact) setPlaced(order);
      else setAd(null);
    } catch (err) {
      if (isValidationError(err)) {
        const next: Partial<Record<Field, string>> = {};
        for (const [f, m] of Object.entries(err.errors)) {
          const key = (['quantity', 'payment_method', 'bank', 'phone', 'remarks'] as string[]).includes(f)
            ? (f as Field)
            : 'form';
          next[key] ??= m[0];
        }
        setErrors(next);
      } else {
        // The call is quiet: a refusal (out of range, not enough inventory; sent with its HTTP
        // status, so `kind: 'http'`) and a call without an answer both show in the sheet.
        const refused = serverRefusal(err);
        if (refused) setErrors({ quantity: refused.message });
        else if (isApiError(err)) setErrors({ form: err.message });
      }
    } finally {
      busy.current = false;
    }
  };

  // The currencies on offer, in the order the desk lists them; the reader's own first chosen.
  const fiats = [...new Set((ads.data ?? []).map((a) => a.fiat))];
  const fiat =
    chosenFiat !== null && fiats.includes(chosenFiat)
      ? chosenFiat
      : fiats.includes(HOME_FIAT[lang])
        ? HOME_FIAT[lang]
        : fiats[0];
  const list = (ads.data ?? []).filter((a) => a.side === side && a.fiat === fiat);
  const fmt = (v: string) => formatDecimal(v, lang);

  return (
    <PageShell
      title={t('titles.otc')}
      right={
        <Link to="/OTCHis" className="icon-btn" aria-label={t('titles.otcHis')}>
          <UnorderedListOutline fontSize={20} />
        </Link>
      }
    >
      <div className="fx">
        <div className="otc-tabs">
          {(['buy', 'sell'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={side === s}
              className={`otc-tab otc-tab--${s} ${side === s ? 'is-on' : ''}`}
              onClick={() => setSide(s)}
            >
              {t1(`otc.${s}`)}
            </button>
          ))}
        </div>
        {fiats.length > 1 && (
          <fieldset className="otc-fiats" aria-label={t1('otc.fiat')}>
            {fiats.map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={f === fiat}
                className={`fx-chip ${f === fiat ? 'is-on' : ''}`}
                onClick={() => setFiat(f)}
              >
                {f}
              </button>
            ))}
          </fieldset>
        )}
        {ads.isPending && <OtcSkeleton cards={2} />}
        {ads.isError && !ads.data && (
          <LoadFailed text={t1('otc.adsFailed')} onRetry={() => void ads.refetch()} />
        )}
        {ads.isSuccess && list.length === 0 && <p className="fx-empty">{t1('otc.noAds')}</p>}
        {list.map((a) => (
          <article key={a.id} className="fx-card otc-ad">
            <div className="ieo-card__head">
              <span className="ieo-coin">{a.coin}</span>
              <span className="ieo-name num">
                {t1('otc.orders')} {a.stats.order_count}
                {/* A rate of no orders is no rate: "100,00 %" beside "Aufträge 0" promised a record. */}
                {a.stats.order_count > 0 &&
                  ` · ${t1('otc.successRate')} ${formatPercent(a.stats.success_rate, lang, { minFraction: 2, maxFraction: 2 })}`}
              </span>
            </div>
            <div className="ieo-kv num">
              <span>{t1('otc.price')}</span>
              <span className="otc-price">
                {withUnit(formatDecimal(a.price, lang, { minFraction: 2, maxFraction: 2 }), a.fiat)}
              </span>
            </div>
            <div className="ieo-kv num">
              <span>{t1('otc.limit')}</span>
              <span>{formatExactRange(a.min, a.max, a.coin, lang)}</span>
            </div>
            <div className="ieo-kv num">
              <span>{t1('otc.volume')}</span>
              <span>{formatListAmountWithCoin(a.stats.amount, a.coin, lang)}</span>
            </div>
            <div className="ieo-kv">
              <span>{t1('otc.payment')}</span>
              <span>{a.payment_methods.map(methodName).join(' · ')}</span>
            </div>
            <Button block color={a.side === 'buy' ? 'success' : 'danger'} onClick={() => open(a)}>
              {t1(a.side === 'buy' ? 'otc.buyCoin' : 'otc.sellCoin', { coin: a.coin })}
            </Button>
          </article>
        ))}
      </div>

      <Popup visible={ad !== null} onMaskClick={() => setAd(null)} bodyClassName="fx-sheet">
        {ad && !placed && (
          <div className="fx-sheet__body">
            <h2 className="fx-h2">
              {t1(ad.side === 'buy' ? 'otc.buyCoin' : 'otc.sellCoin', { coin: ad.coin })} ·{' '}
              {withUnit(formatDecimal(ad.price, lang, { minFraction: 2, maxFraction: 2 }), ad.fiat)}
            </h2>
            <div className="otc-field">
              <label htmlFor={ids.qty}>
                {t1('otc.quantity')} ({formatExactRange(ad.min, ad.max, ad.coin, lang)})
              </label>
              <FieldInput
                id={ids.qty}
                aria-invalid={(errors.quantity ?? qtyError) !== undefined}
                aria-describedby={(errors.quantity ?? qtyError) ? `${ids.qty}-error` : undefined}
                className="num"
                inputMode="decimal"
                value={qty}
                onChange={setQty}
                placeholder={fmt(ad.min)}
              />
            </div>
            {(errors.quantity ?? qtyError) && (
              <p id={`${ids.qty}-error`} className="fx-error" role="alert">
                {errors.quantity ?? qtyError}
              </p>
            )}
            <div className="ieo-kv num">
              <span>{ad.side === 'buy' ? t1('otc.payable') : t1('otc.receivable')}</span>
              <span className="fx-strong">
                {total ? withUnit(formatDecimal(total, lang, { minFraction: 2 }), ad.fiat) : '--'}
              </span>
            </div>
            <div className="otc-methods">
              {ad.payment_methods.map((m) => (
                <button
                  key={m}
                  type="button"
                  aria-pressed={m === method}
                  className={`fx-chip ${m === method ? 'is-on' : ''}`}
                  onClick={() => setMethod(m)}
                >
                  {methodName(m)}
                </button>
              ))}
            </div>
            {ad.side === 'sell' && (
              <>
                <div className="otc-field">
                  <label htmlFor={ids.bank}>{t1('otc.bank')}</label>
                  <FieldInput
                    id={ids.bank}
                    aria-invalid={errors.bank !== undefined}
                    aria-describedby={errors.bank ? `${ids.bank}-error` : undefined}
                    value={bank}
                    onChange={setBank}
                    maxLength={100}
                  />
                </div>
                {errors.bank && (
                  <p id={`${ids.bank}-error`} className="fx-error">
                    {errors.bank}
                  </p>
                )}
                <div className="otc-field">
                  <label htmlFor={ids.phone}>{t1('otc.phone')}</label>
                  <FieldInput
                    id={ids.phone}
                    aria-invalid={errors.phone !== undefined}
                    aria-describedby={errors.phone ? `${ids.phone}-error` : undefined}
                    value={phone}
                    onChange={setPhone}
                    inputMode="tel"
                    maxLength={20}
                  />
                </div>
                {errors.phone && (
                  <p id={`${ids.phone}-error`} className="fx-error">
                    {errors.phone}
                  </p>
                )}
              </>
            )}
            <div className="otc-field">
              <label htmlFor={ids.remarks}>{t1('otc.remarks')}</label>
              <FieldInput id={ids.remarks} value={remarks} onChange={setRemarks} maxLength={200} />
            </div>
            {errors.form && <p className="fx-error">{errors.form}</p>}
            <Button block color="primary" size="large" loading={place.isPending} onClick={submit}>
              {t1('otc.place')}
            </Button>
          </div>
        )}
        {placed && (
          <div className="fx-sheet__body">
            <h2 className="fx-h2">{t1('otc.broker')}</h2>
            <p className="otc-broker">{placed.broker_contact}</p>
            <p className="ieo-desc">{t1('otc.brokerHint')}</p>
            <div className="ieo-kv num">
              <span>{t1('otc.payable')}</span>
              <span className="fx-strong">
                {withUnit(formatDecimal(placed.total, lang, { minFraction: 2 }), placed.fiat)}
              </span>
            </div>
            <Button block color="primary" size="large" onClick={() => setAd(null)}>
              OK
            </Button>
          </div>
        )}
      </Popup>
    </PageShell>
  );
}
