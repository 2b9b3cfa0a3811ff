import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/PageShell.tsx';
import { LedgerList } from '../components/LedgerList.tsx';
import '../wallet.css';

/** /TradingOne: entries of the spot account (`?coin=BTC` opens it filtered, as the assets rows do). */
export default function TradingOne() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('titles.tradingOne')} fallback="/My">
      <LedgerList account="spot" />
    </PageShell>
  );
}
