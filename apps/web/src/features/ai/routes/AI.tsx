import type { AiProduct } from '@ex/contract';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { formatPercent } from '../../../lib/format.ts';
import type { Lang } from '../../../lib/lang.ts';
import { formatExactRange } from '../../wallet/lib/list-amount.ts';
import { useAiProducts } from '../api/ai.ts';
import { ppmPercent } from '../lib/money.ts';
import '../ai.css';

/** The daily rate range in the language's percent format: "0,15 % – 0,25 %" in de, "0,15% – 0,25%" in it. */
export function rateRange(p: AiProduct, lang: Lang): string {
  // At least 2 decimals so both ends of a range line up (0.06 % – 0.10 %, not 0.06 % – 0.1 %).
  const pct = (ppm: number) => formatPercent(ppmPercent(ppm), lang, { minFraction: 2 });
  const min = pct(p.daily_rate_min_ppm);
  const max = pct(p.daily_rate_max_ppm);
  return min === max ? min : `${min} – ${max}`;
}

function ProductCard({ p }: { p: AiProduct }) {
  const { t: t2 } = useTranslation('earn2');
  const { lang } = useLang();
  const navigate = useNavigate();
  return (
    <article className="ai-card" data-testid="ai-product">
      <div className="ai-card__head">
        <span className="ai-card__name">{p.name}</span>
        <span className="ai-tag">{p.kind === 'fixed' ? t2('ai.fixed') : t2('ai.current')}</span>
      </div>
      <div>
        <div className="ai-rate num">{rateRange(p, lang)}</div>
        <div className="ai-status">{t2('ai.dailyRate')}</div>
      </div>
      <dl className="ai-kv">
        <dt>{t2('ai.term')}</dt>
        <dd>{p.kind === 'fixed' ? t2('ai.days', { count: p.days }) : t2('ai.anyTime')}</dd>
        <dt>{t2('ai.limits')}</dt>
        <dd className="num">{formatExactRange(p.min_amount, p.max_amount, p.coin, lang)}</dd>
      </dl>
      <button
        type="button"
        className="ai-btn"
        onClick={() => navigate(`/AIBuy?id=${encodeURIComponent(p.id)}`)}
      >
        {t2('ai.subscribe')}
      </button>
    </article>
  );
}

/** /AI: the operator's AI quantified savings products (current and fixed-term). */
export default function AI() {
  const { t } = useTranslation();
  const { t: t2 } = useTranslation('earn2');
  const q = useAiProducts();
  return (
    <PageShell
      title={t('titles.ai')}
      right={
        <Link to="/AIHis" className="icon-btn" aria-label={t('titles.aiHis')}>
          <UnorderedListOutline fontSize={20} />
        </Link>
      }
    >
      <PullRefresh onRefresh={() => q.refetch()}>
        <div className="ai-page">
          <p className="ai-intro">{t2('ai.intro')}</p>
          {q.isPending ? (
            <div className="ai-skeleton" aria-busy="true" />
          ) : (q.data ?? []).length === 0 ? (
            <EmptyState text={t2('ai.empty')} />
          ) : (
            (q.data ?? []).map((p) => <ProductCard key={p.id} p={p} />)
          )}
        </div>
      </PullRefresh>
    </PageShell>
  );
}
