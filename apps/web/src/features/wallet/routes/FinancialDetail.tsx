import type { LedgerEntry } from '@ex/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { NBSP } from '../../../lib/format.ts';
import { formatClock, formatDateTime } from '../../../lib/time.ts';
import { findCachedEntry } from '../api/wallet.ts';
import { CoinAmount, SignedAmount } from '../components/Money.tsx';
import { useLedgerEntryLabel } from '../components/use-labels.ts';
import { type LedgerRef, marketLabel, refLink, shortOrderId, transactionId } from '../lib/ledger-ref.ts';
import { useFlag, WALLET_PREF_KEYS } from '../lib/prefs.ts';
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
          <SignedAmount value={entry.amount} coin={entry.coin} hidden={hidden} decimals={18} />
          {NBSP}
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
          <CoinAmount value={entry.balance_after} coin={entry.coin} hidden={hidden} />
          {NBSP}
          {entry.coin}
        </Row>
        <Row label={t('wallet.ledger.status')}>
          <span className="up">{t('wallet.ledger.completed')}</span>
        </Row>
        <Row label={t('wallet.ledger.time')}>
          <span className="num">{formatDateTime(entry.created_at, lang, { seconds: true })}</span>
        </Row>
        {entry.ref && (
          <Row label={t('wallet.ledger.cause')} action>
            <Cause value={entry.ref} account={entry.account} />
          </Row>
        )}
        <Row label={t('wallet.ledger.entryId')} action>
          <span className="w-kv__value">
            <span className="num">{transactionId(entry.id)}</span>
            <CopyButton
              text={transactionId(entry.id)}
              className="w-copy"
              ariaLabel={t('wallet.ledger.copyTxId')}
            />
          </span>
        </Row>
        {entry.ref_id && (
          // The raw reference means nothing to a user; support can read it (ADR 244).
          <Row label={t('wallet.ledger.reference')} action>
            <CopyButton text={entry.ref_id} className="w-copy" ariaLabel={t('wallet.ledger.copyReference')} />
          </Row>
        )}
      </dl>
    </PageShell>
  );
}

/** "Order #346 · BTC/USDC", "Funding · BTC/USDC-Perp · 08:00", ...; a link where there is a screen for it. */
function Cause({ value, account }: { value: LedgerRef; account: LedgerEntry['account'] }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const parts: string[] = [];
  /** "BTC/USDC-Perp long" where the server named the position (ADR 245), else the market. */
  const position = (v: { market: string; side?: 'long' | 'short' }) => {
    const market = marketLabel(v.market);
    if (v.side === 'long') return t('wallet.ledger.refs.positionLong', { market });
    if (v.side === 'short') return t('wallet.ledger.refs.positionShort', { market });
    return market;
  };
  switch (value.kind) {
    case 'order': {
      const id = shortOrderId(value.order_id);
      parts.push(id ? t('wallet.ledger.refs.order', { id }) : t('wallet.ledger.refs.orderAny'));
      if (value.market) parts.push(marketLabel(value.market));
      break;
    }
    case 'funding':
      parts.push(t('wallet.ledger.refs.funding'), marketLabel(value.market), formatClock(value.at, lang));
      break;
    case 'liquidation':
    case 'adl':
      parts.push(t(`wallet.ledger.refs.${value.kind}`), position(value));
      break;
    case 'realised': {
      // "Realised profit · BTC/USDC-Perp short · Order #88": the open position and what needed it.
      parts.push(t('wallet.ledger.refs.realised'), position(value));
      const id = value.order_id === undefined ? undefined : shortOrderId(value.order_id);
      if (value.cause === 'order')
        parts.push(id ? t('wallet.ledger.refs.order', { id }) : t('wallet.ledger.refs.orderAny'));
      else if (value.cause !== undefined) parts.push(t(`wallet.ledger.refs.${value.cause}`));
      break;
    }
    case 'product':
      // The step is the entry's own name (head and type row); this names the record it moved for.
      parts.push(t(`wallet.ledger.refs.product.${value.product}`));
      break;
    default:
      parts.push(t(`wallet.ledger.refs.${value.kind}`));
  }
  // Each part keeps to one line ("BTC/USDC-Perp" broke at its hyphen); a long cause wraps at the dots.
  const text = (
    <span>
      {parts.map((part, i) => (
        <Fragment key={part}>
          {i > 0 && ' · '}
          <span className="w-cause__part">{part}</span>
        </Fragment>
      ))}
    </span>
  );
  const to = refLink(value, account);
  return to ? (
    <Link className="w-cause" to={to}>
      {text}
    </Link>
  ) : (
    text
  );
}

function Row({ label, children, action }: { label: string; children: ReactNode; action?: boolean }) {
  return (
    <div className={action ? 'w-kv__row w-kv__row--action' : 'w-kv__row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
