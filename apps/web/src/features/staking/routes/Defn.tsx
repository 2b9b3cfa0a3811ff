import type { StakingProduct } from '@ex/contract';
import { isApiError, isValidationError } from '@ex/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { confirmDialog } from '../../../app/lazy-overlays.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { api } from '../../../lib/api.ts';
import { formatDecimal, formatPercent, withUnit } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast.ts';
import { dailyInterest, fromUnits, ppmPercent, toUnits } from '../../ai/lib/money.ts';
import { formatExactRange } from '../../wallet/lib/list-amount.ts';
import '../../ai/ai.css';

const scaleOf = (decimal: string) => (decimal.split('.')[1] ?? '').length;

function ProductCard({ p }: { p: StakingProduct }) {
  const { t } = useTranslation();
  const { t: t2 } = useTranslation('earn2');
  const { lang } = useLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const stake = useMutation({
    mutationFn: () => api.staking.stake({ product_id: p.id, amount }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['staking', 'stakes'] }),
  });
  const scale = scaleOf(p.min_amount);
  const units = toUnits(amount, scale);
  const interest = units === null ? null : dailyInterest(units, p.daily_rate_ppm) * BigInt(p.days);
  const submit = async () => {
    const min = toUnits(p.min_amount, scale) ?? 0n;
    const max = toUnits(p.max_amount, scale) ?? 0n;
    if (units === null || units < min || units > max) {
      setError(t2('staking.range'));
      return;
    }
    // Not antd's static Dialog.confirm: until the page is idle its React 19 render adapter is not
    // installed (ADR 091) and the dialog renders nowhere, so a quick tap waited for ever (ADR 235).
    const ok = await confirmDialog({
      content: t2('staking.confirm', {
        amount: withUnit(formatDecimal(amount, lang), p.coin),
        days: p.days,
      }),
      confirmText: t2('staking.stake'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await stake.mutateAsync();
      showToast(t2('staking.staked'));
      navigate('/DefnHis');
    } catch (e) {
      if (isValidationError(e)) setError(e.errors.amount?.[0] ?? e.message);
      else if (isApiError(e)) setError(e.message);
    }
  };
  return (
    <article className="ai-card" data-testid="staking-product">
      <div className="ai-card__head">
        <span className="ai-card__name">{p.name}</span>
        <span className="ai-tag">{p.coin}</span>
      </div>
      <div>
        <div className="ai-rate num">{formatPercent(ppmPercent(p.daily_rate_ppm), lang)}</div>
        <div className="ai-status">{t2('staking.rate')}</div>
      </div>
      <dl className="ai-kv">
        <dt>{t2('staking.period')}</dt>
        <dd>{t2('ai.days', { count: p.days })}</dd>
        <dt>{t2('staking.limits')}</dt>
        <dd className="num">{formatExactRange(p.min_amount, p.max_amount, p.coin, lang)}</dd>
        <dt>{t2('staking.interest')}</dt>
        {/* No amount yet, no interest: a bare dash, not "-- USDC" (a unit on nothing). */}
        <dd className="num" data-testid="staking-interest">
          {interest === null ? '--' : withUnit(formatDecimal(fromUnits(interest, scale), lang), p.coin)}
        </dd>
      </dl>
      <label className="ai-field">
        <span className="ai-field__label">{t2('staking.amount')}</span>
        <span className={`ai-input${error ? ' ai-input--error' : ''}`}>
          <input
            inputMode="decimal"
            name="amount"
            value={amount}
            placeholder={`${formatDecimal(p.min_amount, lang)} – ${formatDecimal(p.max_amount, lang)}`}
            onChange={(e) => {
              setAmount(e.target.value.replace(',', '.').trim());
              setError(null);
            }}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
          />
          <span>{p.coin}</span>
        </span>
        {error && (
          <span className="ai-error" id={errorId} role="alert">
            {error}
          </span>
        )}
      </label>
      <button type="button" className="ai-btn" disabled={stake.isPending} onClick={() => void submit()}>
        {t2('staking.stake')}
      </button>
    </article>
  );
}

/** /Defn: DeFi staking products; staking goes to review (limits and the open-stake cap apply). */
export default function Defn() {
  const { t } = useTranslation();
  const { t: t2 } = useTranslation('earn2');
  const q = useQuery({
    queryKey: ['staking', 'products'],
    queryFn: ({ signal }) => api.staking.products({ signal }),
  });
  return (
    <PageShell
      title={t('titles.defn')}
      right={
        <Link to="/DefnHis" className="icon-btn" aria-label={t('titles.defnHis')}>
          <UnorderedListOutline fontSize={20} />
        </Link>
      }
    >
      <PullRefresh onRefresh={() => q.refetch()}>
        <div className="ai-page">
          <p className="ai-intro">{t2('staking.intro')}</p>
          {q.isPending ? (
            <div className="ai-skeleton" aria-busy="true" />
          ) : (q.data ?? []).length === 0 ? (
            <EmptyState text={t2('staking.empty')} />
          ) : (
            (q.data ?? []).map((p) => <ProductCard key={p.id} p={p} />)
          )}
        </div>
      </PullRefresh>
    </PageShell>
  );
}
