import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/PageShell.tsx';
import { LedgerList } from '../components/LedgerList.tsx';
import '../wallet.css';

/** /WalletDetail: fund details of every account, newest first. */
export default function WalletDetail() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('titles.walletDetail')} fallback="/My">
      <LedgerList account={undefined} />
    </PageShell>
  );
}
