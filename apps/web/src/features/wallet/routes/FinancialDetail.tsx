import type { LedgerEntry } from '@ex/sdk';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { findCachedEntry } from '../api/wallet.ts';
import { CoinAmount, SignedAmount } from '../components/Money.tsx';
import { useLedgerEntryLabel } from '../components/use-labels.ts';
import { useFlag, WALLET_PREF_KEYS } from '../lib/prefs.ts';
import { formatDateTime } from '../lib/time.ts';
import '../wallet.css';

function isEntry(v: unknown): v is LedgerEntry {
  const e = v as Partial<LedgerEntry> | null;
  return Boolean(e && typeof e.id === 'string' && typeof e.amount === 'string' && typeof e.coin === 'string');
}

/**
 * /FinancialDetail?id=...: one ledger entry in full (absolute time, full precision). The API has
 * no single-entry call, so the entry comes with the navigation from a list, or from a list already
 * loaded in this session; a cold deep link says so and leads back to the list.
 */
export default function FinancialDetail() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const label = useLedgerEntryLabel();
  const [hidden] = useFlag(WALLET_PREF_KEYS.hideAmounts);
  const id = params.get('id') ?? '';
  const fromState = (location.state as { entry?: unknown } | null)?.entry;
  const entry = isEntry(fromState) && fromState.id === id ? fromState : findCachedEntry(qc, id);

  if (!entry) {
    return (
      <PageShell title={t('titles.financialDetail')} fallback="/WalletDetail">
        <EmptyState
          text={t('wallet.ledger.notFound')}
          action={
            <button
              type="button"
              className="btn-ghost"
              onClick={() => navigate('/WalletDetail', { replace: true })}
            >
              {t('wallet.ledger.backToList')}
            </button>
          }
        />
      </PageShell>
    );
  }

  return (
    <PageShell title={t('titles.financialDetail')} fallback="/WalletDetail">
      <section className="w-detail-head">
        <div className="w-detail-head__label">{label(entry)}</div>
        <div className="w-detail-head__amount">
          {/* Full precision in details (DESIGN.md): up to 18 places, trailing zeros trimmed. */}
          <SignedAmount value={entry.amount} coin={entry.coin} hidden={hidden} decimals={18} />{' '}
          <span className="w-detail-head__coin">{entry.coin}</span>
        </div>
      </section>
      <dl className="w-kv">
        <Row label={t('wallet.ledger.type')}>{label(entry)}</Row>
        <Row label={t('wallet.ledger.account')}>
          {entry.account === 'contract'
            ? t('wallet.accounts.contractAccount')
            : t('wallet.accounts.spotAccount')}
        </Row>
        <Row label={t('wallet.ledger.coin')}>{entry.coin}</Row>
        <Row label={t('wallet.ledger.balanceAfter')}>
          <CoinAmount value={entry.balance_after} coin={entry.coin} hidden={hidden} /> {entry.coin}
        </Row>
        <Row label={t('wallet.ledger.status')}>
          <span className="up">{t('wallet.ledger.completed')}</span>
        </Row>
        <Row label={t('wallet.ledger.time')}>
          <span className="num">{formatDateTime(entry.created_at, lang)}</span>
        </Row>
        <Row label={t('wallet.ledger.entryId')}>
          <span className="num w-break">{entry.id}</span>
        </Row>
        {entry.ref_id && (
          <Row label={t('wallet.ledger.reference')}>
            <span className="num w-break">{entry.ref_id}</span>
          </Row>
        )}
      </dl>
    </PageShell>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="w-kv__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
