import { MAX_BANK_CARDS } from '@ex/contract';
import { Button, Skeleton } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { useUserInfo } from '../../../lib/queries.ts';
import { useBankCards, useRemoveBankCard } from '../api/bank.ts';
import '../../kyc/kyc.css';
import { confirmDialog } from '../../../app/lazy-overlays.tsx';
import { showToast } from '../../../lib/toast.ts';

export default function BankCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo().data;
  const cards = useBankCards(user?.verified === true);
  const remove = useRemoveBankCard();

  const confirmRemove = async (id: string, last4: string) => {
    const ok = await confirmDialog({
      content: t('kyc.bank.removeConfirm', { last4 }),
      confirmText: <span className="down">{t('kyc.bank.remove')}</span>,
      cancelText: <span className="dialog-cancel">{t('common.cancel')}</span>,
    });
    if (!ok) return;
    remove.mutate(id, { onSuccess: () => showToast(t('kyc.bank.removed'), 2000) });
  };

  const list = cards.data ?? [];
  const full = list.length >= MAX_BANK_CARDS;
  let body: React.ReactNode;
  if (!user) body = <Skeleton.Paragraph lineCount={4} animated />;
  else if (!user.verified) {
    body = (
      <EmptyState
        title={t('kyc.bank.needKyc')}
        text={t('kyc.bank.needKycHint')}
        action={
          <Button color="primary" onClick={() => navigate('/RealName')}>
            {t('kyc.bank.goVerify')}
          </Button>
        }
      />
    );
  } else if (!cards.data) body = <Skeleton.Paragraph lineCount={4} animated />;
  else if (list.length === 0) {
    body = (
      <EmptyState
        title={t('kyc.bank.empty')}
        text={t('kyc.bank.emptyHint')}
        action={
          <Button color="primary" onClick={() => navigate('/BankCardAdd')}>
            {t('kyc.bank.add')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <ul className="bank-cards" aria-label={t('kyc.bank.title')}>
          {list.map((c) => (
            <li key={c.id} className="bank-card">
              <div className="bank-card__head">
                <div>
                  <div className="bank-card__bank">{c.bank_name}</div>
                  {c.branch_name && <div className="bank-card__branch">{c.branch_name}</div>}
                </div>
                <button
                  type="button"
                  className="bank-card__remove"
                  onClick={() => void confirmRemove(c.id, c.last4)}
                  aria-label={`${t('kyc.bank.remove')} ${c.last4}`}
                >
                  {t('kyc.bank.remove')}
                </button>
              </div>
              <div className="bank-card__number num">{c.card_number}</div>
              <div className="bank-card__holder">{c.holder_name}</div>
            </li>
          ))}
        </ul>
        <Button
          block
          color="primary"
          fill="outline"
          size="large"
          disabled={full}
          onClick={() => navigate('/BankCardAdd')}
        >
          <AddOutline /> {t('kyc.bank.add')}
        </Button>
        <div className="bank-limit">{t('kyc.bank.limit', { max: MAX_BANK_CARDS })}</div>
      </>
    );
  }
  return (
    <PageShell title={t('kyc.bank.title')} fallback="/Setting">
      <div className="kyc">{body}</div>
    </PageShell>
  );
}
