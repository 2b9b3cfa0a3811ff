import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { withUnit } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { formatExactAmount, formatListAmountWithCoin } from '../../wallet/lib/list-amount.ts';
import { useIeoApplications } from '../api/ieo.ts';
import '../../exchange/exchange.css';

/** /IEOHis: own subscriptions with the allotment, paid and refunded amounts once settled. */
export default function IEOHis() {
  const { t } = useTranslation();
  const { t: t1 } = useTranslation('earn1');
  const { lang } = useLang();
  const apps = useIeoApplications();
  const f = (v: string | null, coin: string) => (v === null ? '--' : formatListAmountWithCoin(v, coin, lang));
  return (
    <PageShell title={t('titles.ieoHis')} fallback="/IEO">
      <div className="fx">
        {/* The illustrated empty state of the other earn histories (/AIHis, /DefnHis). */}
        {apps.isSuccess && apps.data.list.length === 0 && <EmptyState text={t1('ieo.noApplications')} />}
        {apps.data?.list.map((a) => (
          <article key={a.id} className="fx-card">
            <div className="ieo-card__head">
              <span className="ieo-coin">{a.coin}</span>
              <span className="ieo-name">{a.name}</span>
              <span className={`ieo-state ieo-state--${a.status}`}>{t1(`ieo.status.${a.status}`)}</span>
            </div>
            <dl className="fx-dl num">
              <dt>{t1('ieo.unitPrice')}</dt>
              <dd>{withUnit(formatExactAmount(a.unit_price, lang), 'USDC')}</dd>
              <dt>{t1('ieo.quantity')}</dt>
              <dd>{f(a.quantity, a.coin)}</dd>
              <dt>{t1('ieo.amount')}</dt>
              <dd>{f(a.amount, 'USDC')}</dd>
              <dt>{t1('ieo.allotted')}</dt>
              <dd>{f(a.allotted_quantity, a.coin)}</dd>
              <dt>{t1('ieo.paid')}</dt>
              <dd>{f(a.paid, 'USDC')}</dd>
              <dt>{t1('ieo.remaining')}</dt>
              <dd>{f(a.remaining, 'USDC')}</dd>
              <dt>{t1('ieo.date')}</dt>
              <dd>{formatDateTime(a.created_at, lang, { seconds: true })}</dd>
            </dl>
          </article>
        ))}
      </div>
    </PageShell>
  );
}
