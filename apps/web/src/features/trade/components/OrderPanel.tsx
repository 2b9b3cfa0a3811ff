import type { Coin } from '@ex/sdk';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { confirmDialog } from '../../../app/lazy-overlays.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { TextTabs } from '../../../components/TextTabs.tsx';
import { formatPrice, formatQuantity } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { showToast } from '../../../lib/toast.ts';

// The panel under the spot and the contract forms (ADR 094): signed-out prompt, tabs with the
// link to the full order list, the open-order card with its cancel button, the cancel-all question.

/** Signed out: the panel asks to log in and comes back to `redirect`. */
export function SignedOutPanel({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  return (
    <section className="tpanel">
      <EmptyState
        compact
        text={t('trade.loginToTrade')}
        action={
          <Link className="link-btn" to={`/Login?redirect=${encodeURIComponent(redirect)}`}>
            {t('trade.login')}
          </Link>
        }
      />
    </section>
  );
}

/** The panel's tabs and the icon link to the full order list (`/SpotOrder`, `/ContractOrder`). */
export function PanelHead<V extends string>({
  label,
  value,
  onChange,
  options,
  to,
  linkLabel,
}: {
  label: string;
  value: V;
  onChange(v: V): void;
  options: { value: V; label: string }[];
  to: string;
  linkLabel: string;
}) {
  return (
    <div className="tpanel__head">
      <TextTabs<V> label={label} value={value} onChange={onChange} options={options} />
      <Link to={to} className="icon-link" aria-label={linkLabel}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M6 2h9l5 5v15H6zM14 3.5V8h4.5M8 12h8v1.5H8zm0 4h8v1.5H8z"
            fillRule="evenodd"
          />
        </svg>
      </Link>
    </div>
  );
}

/** The question before cancelling `count` open orders (antd's dialog, fetched when asked). */
export function useConfirmCancelAll(): (count: number) => Promise<boolean> {
  const { t } = useTranslation();
  return (count) =>
    confirmDialog({
      content: t('trade.cancelAllConfirm', { count }),
      confirmText: t('trade.cancelAll'),
      cancelText: t('common.cancel'),
    });
}

/** An order's cancel button; a toast once the server has cancelled it. */
export function CancelButton({
  id,
  cancel,
}: {
  id: string;
  cancel: { isPending: boolean; mutate(id: string, opts: { onSuccess(): void }): void };
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="mini"
      className="small-btn"
      loading={cancel.isPending}
      onClick={() =>
        cancel.mutate(id, {
          onSuccess: () => showToast(t('trade.cancelled'), 2000),
        })
      }
    >
      {t('trade.cancel')}
    </Button>
  );
}

/** One open order: what it is, its buttons, when, its price and how much is filled, then `children`. */
export function OpenOrderCard({
  title,
  buttons,
  createdAt,
  price,
  filled,
  quantity,
  market,
  children,
}: {
  title: ReactNode;
  buttons: ReactNode;
  createdAt: number;
  price: string | null;
  filled: string;
  quantity: string;
  market: Coin | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const ps = market?.price_scale ?? 2;
  return (
    <li className="order-card">
      <div className="order-card__head">
        <span>{title}</span>
        {buttons}
      </div>
      <div className="order-card__time muted">{formatDateTime(createdAt, lang, { seconds: true })}</div>
      <dl className="order-card__grid">
        <div>
          <dt>{t('trade.price')}</dt>
          <dd className="num">{price ? formatPrice(price, ps, lang) : t('trade.market')}</dd>
        </div>
        <div>
          <dt>{t('orders.filled')}</dt>
          <dd className="num">
            {formatQuantity(filled, market, lang)} / {formatQuantity(quantity, market, lang)}
          </dd>
        </div>
        {children}
      </dl>
    </li>
  );
}
