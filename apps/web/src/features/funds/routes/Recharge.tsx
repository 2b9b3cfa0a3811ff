import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { useDepositAddress } from '../api/funds.ts';
import { CopyButton } from '../components/CopyButton.tsx';
import { QrCode } from '../components/QrCode.tsx';
import '../funds.css';

/** /Recharge: the user's USDC TRC20 address as text and QR code, with copy and the network warning. */
export default function Recharge() {
  const { t } = useTranslation();
  const address = useDepositAddress();

  return (
    <PageShell
      title={t('titles.recharge')}
      fallback="/My"
      right={
        <Link to="/RechargeHistory" className="icon-btn" aria-label={t('titles.rechargeHistory')}>
          <UnorderedListOutline fontSize={20} />
        </Link>
      }
    >
      <div className="f-page">
        <div className="f-pair">
          <div className="f-pair__item">
            <span className="f-pair__label">{t('funds.common.coin')}</span>
            <span className="f-pair__value">
              <span className="f-coin-icon" aria-hidden>
                $
              </span>
              USDC
            </span>
          </div>
          <div className="f-pair__item">
            <span className="f-pair__label">{t('funds.common.network')}</span>
            <span className="f-pair__value">
              <span className="f-network">TRC20</span>
            </span>
          </div>
        </div>

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
        <div className="f-links">
          <Link to="/RechargeHistory" className="btn-ghost">
            {t('funds.recharge.history')}
          </Link>
        </div>
      </div>
    </PageShell>
  );
}
