import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';
import { OrderHistory } from '../components/OrderHistory.tsx';

/** /ContractOrder: contract order history (optional `?symbol=`). */
export default function ContractOrder() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  return (
    <PageShell title={t('titles.contractOrder')} fallback="/ContractOpe">
      <OrderHistory
        kind="contract"
        symbol={params.get('symbol') ?? ''}
        onSymbol={(s) => setParams(s ? { symbol: s } : {}, { replace: true })}
      />
    </PageShell>
  );
}
