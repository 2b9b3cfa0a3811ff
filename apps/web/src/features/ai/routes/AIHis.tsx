import type { AiOrder } from '@ex/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { confirmDialog } from '../../../app/lazy-overlays.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { formatDecimal, withUnit } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/time.ts';
import { showToast } from '../../../lib/toast.ts';
import { formatListAmount } from '../../wallet/lib/list-amount.ts';
import { useAiOrders, useAiRedeem } from '../api/ai.ts';
import { EarnItems, EarnTabs } from '../components/EarnList.tsx';
import { earlyFee, fromUnits, toUnits } from '../lib/money.ts';
import '../ai.css';

type Tab = 'active' | 'settled';
const STATUS_KEY = {
  active: 'ai.statusActive',
  settled: 'ai.statusSettled',
  redeemed: 'ai.statusRedeemed',
} as const;

function OrderCard({ o }: { o: AiOrder }) {
  const { t } = useTranslation();
  const { t: t2 } = useTranslation('earn2');
  const { lang } = useLang();
  const redeem = useAiRedeem();
  // The card is a list row (2 decimals for USDC); the redeem dialog confirms a money move, so it
  // names the exact amount and fee (ADR 238).
  const num = (v: string) => withUnit(formatListAmount(v, o.coin, lang), o.coin);
  const exact = (v: string) => withUnit(formatDecimal(v, lang), o.coin);
  const onRedeem = async () => {
    const early = o.kind === 'fixed' && o.maturity_at !== null && Date.now() < o.maturity_at;
    const scale = (o.amount.split('.')[1] ?? '').length;
    const fee = fromUnits(earlyFee(toUnits(o.amount, scale) ?? 0n, o.early_fee_bp), scale);
    const ok = await confirmDialog({
      title: t2('ai.redeem'),
      content: [
        t2('ai.redeemConfirm', { amount: exact(o.amount) }),
        early ? t2('ai.earlyConfirm', { fee: exact(fee) }) : '',
      ]
        .filter(Boolean)
        .join(' '),
      confirmText: t2('ai.redeem'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await redeem.mutateAsync(o);
      showToast(t2('ai.redeemed'));
    } catch {
      // The SDK has toasted the localised refusal.
    }
  };
  return (
    <article className="ai-card" data-testid="ai-order">
      <div className="ai-card__head">
        <span className="ai-card__name">{o.product_name}</span>
        <span className={`ai-status ai-status--${o.status}`}>{t2(STATUS_KEY[o.status])}</span>
      </div>
      <dl className="ai-kv">
        <dt>{t2('ai.amount')}</dt>
        <dd className="num">{num(o.amount)}</dd>
        <dt>{t2('ai.term')}</dt>
        <dd>{o.kind === 'fixed' ? t2('ai.days', { count: o.days }) : t2('ai.current')}</dd>
        <dt>{o.kind === 'fixed' ? t2('ai.expected') : t2('ai.expectedCurrent')}</dt>
        <dd className="num">{num(o.expected_interest)}</dd>
        <dt>{t2('ai.interest')}</dt>
        <dd className="num">{num(o.interest)}</dd>
        <dt>{t2('ai.fees')}</dt>
        <dd className="num">{num(o.fee)}</dd>
        <dt>{t2('ai.started')}</dt>
        <dd>{formatDate(o.started_at, lang, { utc: true })}</dd>
        <dt>{t2('ai.maturity')}</dt>
        <dd>{o.maturity_at === null ? t2('ai.anyTime') : formatDate(o.maturity_at, lang, { utc: true })}</dd>
      </dl>
      {o.status === 'active' && (
        <button
          type="button"
          className="ai-btn ai-btn--ghost"
          disabled={redeem.isPending}
          onClick={() => void onRedeem()}
        >
          {t2('ai.redeem')}
        </button>
      )}
    </article>
  );
}

/**
 * /AIHis: own AI subscriptions in the tabs active and settled; redeem from the active tab. The tab
 * is in the address (`?tab=settled`), so a ledger entry of a redemption opens where it is listed.
 */
export default function AIHis() {
  const { t } = useTranslation();
  const { t: t2 } = useTranslation('earn2');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'settled' ? 'settled' : 'active';
  const setTab = (next: Tab) => setParams(next === 'active' ? {} : { tab: next }, { replace: true });
  const q = useAiOrders(tab);
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PageShell title={t('titles.aiHis')} fallback="/AI">
      <PullRefresh onRefresh={() => q.refetch()}>
        <div className="ai-page">
          <EarnTabs<Tab>
            value={tab}
            onChange={setTab}
            options={(['active', 'settled'] as const).map((k) => ({ value: k, label: t2(`ai.${k}`) }))}
          />
          <EarnItems
            pending={q.isPending}
            items={items}
            empty={t2('ai.noRecords')}
            row={(o) => <OrderCard key={o.id} o={o} />}
          />
          {q.hasNextPage && (
            <button type="button" className="ai-btn ai-btn--ghost" onClick={() => void q.fetchNextPage()}>
              {t('common.loading')}
            </button>
          )}
        </div>
      </PullRefresh>
    </PageShell>
  );
}
