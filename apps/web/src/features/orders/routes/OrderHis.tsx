import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';
import { TextTabs } from '../../../components/TextTabs.tsx';
import { type HistoryKind, OrderHistory } from '../components/OrderHistory.tsx';

/** /OrderHis: every order in one place, spot and futures as tabs (`?tab=contract`). */
export default function OrderHis() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kind: HistoryKind = params.get('tab') === 'contract' ? 'contract' : 'spot';
  const symbol = params.get('symbol') ?? '';
  return (
    <PageShell title={t('titles.orderHis')} fallback="/My">
      <TextTabs<HistoryKind>
        className="history-tabs"
        label={t('titles.orderHis')}
        value={kind}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        options={[
          { value: 'spot', label: t('orders.spot') },
          { value: 'contract', label: t('orders.contract') },
        ]}
      />
      <OrderHistory
        key={kind}
        kind={kind}
        symbol={symbol}
        onSymbol={(s) => setParams(s ? { tab: kind, symbol: s } : { tab: kind }, { replace: true })}
      />
    </PageShell>
  );
}
