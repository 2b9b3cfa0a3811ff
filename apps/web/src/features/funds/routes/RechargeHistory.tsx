import type { Deposit } from '@ex/contract';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { useDeposits } from '../api/funds.ts';
import { HistoryPage, HistoryRow, TxidLine } from '../components/HistoryList.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import '../funds.css';

function DepositRow({ d }: { d: Deposit }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <HistoryRow
      sign="+"
      amount={d.amount}
      network="TRC20"
      at={d.created_at}
      status={<StatusChip kind="deposit" status={d.status} />}
    >
      <div className="f-row__sub">
        {t('funds.history.usdcValue')}{' '}
        <span className="num">{formatDecimal(d.usdc_amount, lang, { minFraction: 2, maxFraction: 6 })}</span>
      </div>
      <TxidLine txid={d.txid} />
    </HistoryRow>
  );
}

/** /RechargeHistory: own deposits, newest first, in the spec's states. */
export default function RechargeHistory() {
  const { t } = useTranslation();
  return (
    <HistoryPage
      title={t('titles.rechargeHistory')}
      fallback="/Recharge"
      query={useDeposits()}
      row={(d) => <DepositRow key={d.id} d={d} />}
      empty={{
        title: t('funds.history.depositsEmpty'),
        text: t('funds.history.depositsEmptyHint'),
        action: t('funds.history.toDeposit'),
        to: '/Recharge',
      }}
    />
  );
}
