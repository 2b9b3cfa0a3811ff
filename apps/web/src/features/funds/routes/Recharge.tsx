import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useDepositAddress } from '../api/funds.ts';
import { CoinNetworkPair, FundsPage } from '../components/FundsPage.tsx';
import { QrCode } from '../components/QrCode.tsx';
import '../funds.css';

/** /Recharge: the user's USDC TRC20 address as text and QR code, with copy and the network warning. */
export default function Recharge() {
  const { t } = useTranslation();
  const address = useDepositAddress();

  return (
    <FundsPage
      title={t('titles.recharge')}
      history="/RechargeHistory"
      historyTitle={t('titles.rechargeHistory')}
    >
      <div className="f-page">
        <CoinNetworkPair />

        <div className="f-warning" role="note">
          <strong>{t('funds.recharge.warningTitle')}</strong>
          <span>{t('funds.recharge.warning')}</span>
        </div>

        {address.isError ? (
          <EmptyState
            text={t('funds.recharge.loadFailed')}
            action={
              <button type="button" className="btn-ghost" onClick={() => void address.refetch()}>
                {t('funds.common.retry')}
              </button>
            }
          />
        ) : (
          <section className="f-card f-address" aria-busy={address.isPending}>
            {address.data ? (
              <QrCode text={address.data.address} label={t('funds.recharge.qr')} />
            ) : (
              <div className="f-qr f-qr--skeleton sk" aria-hidden />
            )}
            <div className="f-address__label">{t('funds.recharge.address')}</div>
            {address.data ? (
              <div className="f-address__text num" data-testid="deposit-address">
                {address.data.address}
              </div>
            ) : (
              <span className="sk f-sk--address" />
            )}
            {address.data && (
              <CopyButton
                text={address.data.address}
                label={t('funds.recharge.copyAddress')}
                className="adm-button adm-button-primary adm-button-block f-copy-main"
              />
            )}
          </section>
        )}

        <p className="f-note">{t('funds.recharge.intro')}</p>
        <p className="f-note">{t('funds.recharge.credited')}</p>
      </div>
    </FundsPage>
  );
}
