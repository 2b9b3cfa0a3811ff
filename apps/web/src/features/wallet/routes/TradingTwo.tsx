import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/PageShell.tsx';
import { LedgerList } from '../components/LedgerList.tsx';
import '../wallet.css';

/** /TradingTwo: entries of the futures (contract) account. */
export default function TradingTwo() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('titles.tradingTwo')} fallback="/My">
      <LedgerList account="contract" />
    </PageShell>
  );
}
