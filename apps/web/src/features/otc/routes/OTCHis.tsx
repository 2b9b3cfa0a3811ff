import { isOtcPaymentMethod } from '@ex/contract';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { formatDecimal, withUnit } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { formatListAmountWithCoin } from '../../wallet/lib/list-amount.ts';
import { useOtcOrders } from '../api/otc.ts';
import { OtcSkeleton } from '../components/OtcSkeleton.tsx';
import '../../exchange/exchange.css';

/**
 * /OTCHis: own OTC orders: under review, completed or rejected (with the operator's reason). Pull
 * to refresh to see the operator's decision; skeleton cards while loading, a retry when it fails.
 */
export default function OTCHis() {
  const { t } = useTranslation();
  const { t: t1 } = useTranslation('earn1');
  const methodName = (m: string) => (isOtcPaymentMethod(m) ? t1(`otc.methods.${m}`) : m);
  const { lang } = useLang();
  const orders = useOtcOrders();
  return (
    <PageShell title={t('titles.otcHis')} fallback="/OTC">
      <PullRefresh onRefresh={() => orders.refetch()}>
        <div className="fx">
          {orders.isPending && <OtcSkeleton cards={3} />}
          {orders.isError && !orders.data && (
            <LoadFailed text={t1('otc.ordersFailed')} onRetry={() => void orders.refetch()} />
          )}
          {/* The illustrated empty state of the other earn histories (/AIHis, /DefnHis). */}
          {orders.isSuccess && orders.data.list.length === 0 && <EmptyState text={t1('otc.noOrders')} />}
          {orders.data?.list.map((o) => (
            <article key={o.id} className="fx-card">
              <div className="ieo-card__head">
                <span className={`otc-side otc-side--${o.side}`}>{t1(`otc.${o.side}`)}</span>
                <span className="ieo-coin">{o.coin}</span>
                <span className="ieo-name" />
                <span className={`ieo-state ieo-state--${o.status}`}>{t1(`otc.status.${o.status}`)}</span>
              </div>
              <dl className="fx-dl num">
                <dt>{t1('otc.quantity')}</dt>
                <dd>{formatListAmountWithCoin(o.quantity, o.coin, lang)}</dd>
                <dt>{t1('otc.price')}</dt>
                <dd>{withUnit(formatDecimal(o.price, lang, { minFraction: 2 }), o.fiat)}</dd>
                <dt>{o.side === 'buy' ? t1('otc.payable') : t1('otc.receivable')}</dt>
                <dd>{withUnit(formatDecimal(o.total, lang, { minFraction: 2 }), o.fiat)}</dd>
                <dt>{t1('otc.payment')}</dt>
                <dd>{methodName(o.payment_method)}</dd>
                {o.broker_contact && (
                  <>
                    <dt>{t1('otc.broker')}</dt>
                    <dd>{o.broker_contact}</dd>
                  </>
                )}
                {o.reason && (
                  <>
                    <dt>{t1('otc.reason')}</dt>
                    <dd>{o.reason}</dd>
                  </>
                )}
                <dt>{t1('ieo.date')}</dt>
                <dd>{formatDateTime(o.created_at, lang, { seconds: true })}</dd>
              </dl>
            </article>
          ))}
        </div>
      </PullRefresh>
    </PageShell>
  );
}
