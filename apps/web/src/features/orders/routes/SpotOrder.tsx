import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';
import { OrderHistory } from '../components/OrderHistory.tsx';

/** /SpotOrder: spot order history (optional `?symbol=`). */
export default function SpotOrder() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  return (
    <PageShell title={t('titles.spotOrder')} fallback="/SpotOpe">
      <OrderHistory
        kind="spot"
        symbol={params.get('symbol') ?? ''}
        onSymbol={(s) => setParams(s ? { symbol: s } : {}, { replace: true })}
      />
    </PageShell>
  );
}
