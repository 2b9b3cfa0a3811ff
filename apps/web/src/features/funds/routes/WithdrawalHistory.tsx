import type { Withdrawal } from '@ex/contract';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { useWithdrawals } from '../api/funds.ts';
import { HistoryPage, HistoryRow, TxidLine } from '../components/HistoryList.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { shortAddress } from '../lib/tron.ts';
import '../funds.css';

function WithdrawalRow({ w }: { w: Withdrawal }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const fmt = (v: string) => formatDecimal(v, lang, { minFraction: 2, maxFraction: 6 });
  return (
    <HistoryRow
      sign="−"
      amount={w.amount}
      network={w.network}
      at={w.created_at}
      status={<StatusChip kind="withdraw" status={w.status} />}
      testId="withdrawal-row"
    >
      <div className="f-row__sub" title={w.address}>
        {t('funds.common.address')} <span className="num">{shortAddress(w.address)}</span>
      </div>
      <div className="f-row__sub">
        {t('funds.history.fee')} <span className="num">{fmt(w.fee)}</span> · {t('funds.history.receive')}{' '}
        <span className="num">{fmt(w.receive_amount)}</span>
      </div>
      {w.txid && <TxidLine txid={w.txid} />}
      {w.status === 'review_failed' && w.reason && (
        <div className="f-reason" role="note">
          {t('funds.history.reason')}: {w.reason}
        </div>
      )}
    </HistoryRow>
  );
}

/** /WithdrawalHistory: own withdrawals with their review state and the reason of a rejection. */
export default function WithdrawalHistory() {
  const { t } = useTranslation();
  return (
    <HistoryPage
      title={t('titles.withdrawalHistory')}
      fallback="/Withdrawal"
      query={useWithdrawals()}
      row={(w) => <WithdrawalRow key={w.id} w={w} />}
      empty={{
        title: t('funds.history.withdrawalsEmpty'),
        text: t('funds.history.withdrawalsEmptyHint'),
        action: t('funds.history.toWithdraw'),
        to: '/Withdrawal',
      }}
    />
  );
}
