import { ERRORS } from '@ex/contract';
import { isApiError, isValidationError } from '@ex/sdk';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { confirmDialog } from '../../../app/lazy-overlays.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { formatDecimal, formatPercent, withUnit } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/time.ts';
import { showToast } from '../../../lib/toast.ts';
import { useAiProducts, useAiSubscribe, useSpotBalances } from '../api/ai.ts';
import { bpPercent, dailyInterest, earlyFee, fromUnits, toUnits } from '../lib/money.ts';
import { maturityFrom } from '../lib/time.ts';
import { rateRange } from './AI.tsx';
import '../ai.css';

const scaleOf = (decimal: string) => (decimal.split('.')[1] ?? '').length;

/** /AIBuy?id=: subscribe to one product; amount checked against the limits before sending. */
export default function AIBuy() {
  const { t } = useTranslation();
  const { t: t2 } = useTranslation('earn2');
  const { lang } = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const products = useAiProducts();
  const balances = useSpotBalances(true);
  const subscribe = useAiSubscribe();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const p = products.data?.find((x) => x.id === params.get('id'));

  if (products.isPending) {
    return (
      <PageShell title={t('titles.aiBuy')} fallback="/AI">
        <div className="ai-page">
          <div className="ai-skeleton" aria-busy="true" />
        </div>
      </PageShell>
    );
  }
  if (!p) {
    return (
      <PageShell title={t('titles.aiBuy')} fallback="/AI">
        <EmptyState text={t2('ai.notFound')} />
      </PageShell>
    );
  }

  const scale = scaleOf(p.min_amount);
  const units = toUnits(amount, scale);
  const available = balances.data?.spot.find((b) => b.coin === p.coin)?.available;
  const daily = units === null ? null : dailyInterest(units, p.daily_rate_min_ppm);
  const expected = daily === null ? null : p.kind === 'fixed' ? daily * BigInt(p.days) : daily;
  const fee = units === null ? null : earlyFee(units, p.early_fee_bp);
  // Exact, with at least 2 decimals as the records show them: "1% (0.60 USDC)", not "(0.6 USDC)".
  // No amount yet: a bare dash, not "-- USDC" (a unit on nothing).
  const money = (v: bigint | null) =>
    v === null ? '--' : withUnit(formatDecimal(fromUnits(v, scale), lang, { minFraction: 2 }), p.coin);

  const check = (): string | null => {
    if (units === null || units === 0n) return t2('ai.amountPlaceholder');
    const min = toUnits(p.min_amount, scale) ?? 0n;
    const max = toUnits(p.max_amount, scale) ?? 0n;
    if (units < min || units > max) return t2('ai.range');
    return null;
  };

  const submit = async () => {
    const problem = check();
    setError(problem);
    if (problem !== null) return;
    const ok = await confirmDialog({
      title: t2('ai.confirm'),
      content: `${withUnit(formatDecimal(amount, lang, { minFraction: 2 }), p.coin)} · ${
        p.kind === 'fixed' ? t2('ai.days', { count: p.days }) : t2('ai.current')
      }`,
      confirmText: t2('ai.subscribe'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await subscribe.mutateAsync({ product_id: p.id, amount, days: p.days });
      showToast(t2('ai.subscribed'));
      navigate('/AIHis', { replace: true });
    } catch (e) {
      if (isValidationError(e)) setError(e.errors.amount?.[0] ?? e.message);
      else if (isApiError(e) && e.code === ERRORS.QUANTITY_OUT_OF_RANGE.code) setError(e.message);
    }
  };

  return (
    <PageShell title={t('titles.aiBuy')} fallback="/AI">
      <div className="ai-page">
        <section className="ai-card">
          <div className="ai-card__head">
            <span className="ai-card__name">{p.name}</span>
            <span className="ai-tag">{p.kind === 'fixed' ? t2('ai.fixed') : t2('ai.current')}</span>
          </div>
          <div>
            <div className="ai-rate num">{rateRange(p, lang)}</div>
            <div className="ai-status">{t2('ai.dailyRate')}</div>
          </div>
        </section>
        <section className="ai-card">
          <label className="ai-field">
            <span className="ai-field__label">
              <span>{t2('ai.amount')}</span>
              <span className="num">
                {t2('ai.available')}{' '}
                {withUnit(
                  available === undefined ? '--' : formatDecimal(available, lang, { minFraction: 2 }),
                  p.coin,
                )}
              </span>
            </span>
            <span className={`ai-input${error ? ' ai-input--error' : ''}`}>
              <input
                inputMode="decimal"
                name="amount"
                placeholder={`${formatDecimal(p.min_amount, lang)} – ${formatDecimal(p.max_amount, lang)}`}
                value={amount}
                onChange={(e) => {
                  setAmount(e.target.value.replace(',', '.').trim());
                  setError(null);
                }}
                aria-invalid={error !== null}
                aria-describedby={error ? errorId : undefined}
              />
              <span>{p.coin}</span>
              <button
                type="button"
                className="ai-link"
                onClick={() => {
                  if (available === undefined) return;
                  const a = toUnits(available, scale) ?? 0n;
                  const max = toUnits(p.max_amount, scale) ?? 0n;
                  setAmount(fromUnits(a < max ? a : max, scale));
                  setError(null);
                }}
              >
                {t2('ai.max')}
              </button>
            </span>
            {error && (
              <span className="ai-error" id={errorId} role="alert">
                {error}
              </span>
            )}
          </label>
          <dl className="ai-kv">
            <dt>{t2('ai.term')}</dt>
            <dd>{p.kind === 'fixed' ? t2('ai.days', { count: p.days }) : t2('ai.anyTime')}</dd>
            <dt>{p.kind === 'fixed' ? t2('ai.expected') : t2('ai.expectedCurrent')}</dt>
            <dd className="num" data-testid="ai-expected">
              {money(expected)}
            </dd>
            <dt>{t2('ai.fee')}</dt>
            <dd className="num">
              {p.kind === 'fixed'
                ? `${formatPercent(bpPercent(p.early_fee_bp), lang)}${fee === null ? '' : ` (${money(fee)})`}`
                : // A flexible product has no early-redemption fee: a rate like the fixed ones, not a bare 0.
                  formatPercent(bpPercent(p.early_fee_bp), lang)}
            </dd>
            <dt>{t2('ai.maturity')}</dt>
            <dd>
              {p.kind === 'fixed'
                ? formatDate(maturityFrom(Date.now(), p.days), lang, { utc: true })
                : t2('ai.anyTime')}
            </dd>
          </dl>
          <button
            type="button"
            className="ai-btn"
            disabled={subscribe.isPending}
            onClick={() => void submit()}
          >
            {t2('ai.confirm')}
          </button>
        </section>
      </div>
    </PageShell>
  );
}
