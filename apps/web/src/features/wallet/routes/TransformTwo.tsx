import type { WalletAccount } from '@ex/sdk';
import { isValidationError } from '@ex/sdk';
import { Button, Popup } from 'antd-mobile';
import { RightOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { serverRefusal } from '../../../lib/form-errors.ts';
import { formatDecimal, NBSP, withUnit } from '../../../lib/format.ts';
import { useBalances, useTransfer } from '../api/wallet.ts';
import { CoinAmount } from '../components/Money.tsx';
import {
  type AmountError,
  assetDecimals,
  CONTRACT_COIN,
  otherAccount,
  toApiAmount,
  validateAccounts,
  validateAmount,
} from '../lib/amount.ts';
import { truncateDecimals } from '../lib/decimal.ts';
import { availableOf } from '../lib/valuation.ts';
import '../wallet.css';
import { showToast } from '../../../lib/toast.ts';

type Field = 'from' | 'to' | 'coin' | 'amount';
const FIELDS: readonly Field[] = ['from', 'to', 'coin', 'amount'];

const parseAccount = (v: string | null): WalletAccount | null =>
  v === 'spot' || v === 'contract' ? v : null;

function newKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * /TransformTwo: move funds between the spot and futures accounts. `?from=contract` starts the
 * other way round. The client refuses same-account and over-balance amounts before the server
 * does (exact decimal comparison); the server's 422 errors land under the same fields.
 */
export default function TransformTwo() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const balances = useBalances();
  const transfer = useTransfer();
  const amountId = useId();

  const [from, setFrom] = useState<WalletAccount>(() => parseAccount(params.get('from')) ?? 'spot');
  const [to, setTo] = useState<WalletAccount>(() => parseAccount(params.get('to')) ?? otherAccount(from));
  const coin = CONTRACT_COIN;
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [confirming, setConfirming] = useState(false);
  // One key per confirmed transfer: a retry after a lost answer cannot move the money twice.
  const key = useRef('');
  if (!key.current) key.current = newKey();

  const decimals = assetDecimals(coin);
  const available = availableOf(balances.data, from, coin);
  const accountError = validateAccounts(from, to, coin);
  const amountError: AmountError | null = validateAmount(amount, available, decimals);

  const accountName = (a: WalletAccount) =>
    a === 'contract' ? t('wallet.accounts.contractAccount') : t('wallet.accounts.spotAccount');
  const inText = (a: WalletAccount) =>
    a === 'contract' ? t('wallet.accounts.contractInText') : t('wallet.accounts.spotInText');

  const amountMessage = (e: AmountError): string => {
    switch (e) {
      case 'required':
        return t('wallet.transfer.amountRequired');
      case 'invalid':
        return t('wallet.transfer.amountInvalid');
      case 'zero':
        return t('wallet.transfer.amountZero');
      case 'decimals':
        return t('wallet.transfer.tooManyDecimals', { decimals });
      case 'exceeds':
        return t('wallet.transfer.exceedsAvailable');
    }
  };

  const clearServer = (...fields: (Field | 'form')[]) =>
    setServerErrors((prev) => {
      const next = { ...prev };
      for (const f of fields) delete next[f];
      return next;
    });

  const pick = (side: 'from' | 'to', account: WalletAccount) => {
    clearServer('from', 'to', 'form');
    if (side === 'from') setFrom(account);
    else setTo(account);
  };

  const swap = () => {
    clearServer('from', 'to', 'amount', 'form');
    setFrom(to);
    setTo(from);
  };

  const accountMsg =
    serverErrors.to ??
    serverErrors.from ??
    (accountError === 'sameAccount'
      ? t('wallet.transfer.sameAccount')
      : accountError === 'contractUsdcOnly'
        ? t('wallet.transfer.contractUsdcOnly')
        : undefined);
  // "Enter an amount" is not an error before the user has typed anything.
  const amountMsg =
    serverErrors.amount ??
    (amountError && (touched || amountError !== 'required') && balances.data
      ? amountMessage(amountError)
      : undefined);
  const canSubmit = !accountError && !amountError && Boolean(balances.data) && !transfer.isPending;

  // Two taps land before React re-renders with `isPending`; the ref stops the second one.
  const sending = useRef(false);
  const submit = async () => {
    if (!canSubmit || sending.current) return;
    sending.current = true;
    try {
      await transfer.mutateAsync({ body: { from, to, coin, amount: toApiAmount(amount) }, key: key.current });
      key.current = newKey();
      setConfirming(false);
      showToast(t('wallet.transfer.done'), 2000, 'success');
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (idx > 0) navigate(-1);
      else navigate('/My', { replace: true });
    } catch (err) {
      setConfirming(false);
      const refused = serverRefusal(err);
      if (isValidationError(err)) {
        const next: Partial<Record<Field | 'form', string>> = {};
        for (const [field, messages] of Object.entries(err.errors)) {
          const target = (FIELDS as readonly string[]).includes(field) ? (field as Field) : 'form';
          next[target] ??= messages[0];
        }
        setServerErrors(next);
        // A refused input is a final answer: the next attempt is a new transfer.
        key.current = newKey();
      } else if (refused) {
        // A business refusal (e.g. insufficient balance after a trade, sent as HTTP 400) was
        // toasted by the SDK; keep it on the screen too, next to the button.
        setServerErrors({ form: refused.message });
        key.current = newKey();
      }
    } finally {
      sending.current = false;
    }
  };

  const shownAmount = formatDecimal(toApiAmount(amount), lang, { minFraction: 2, maxFraction: decimals });

  return (
    <PageShell
      title={t('titles.transformTwo')}
      fallback="/My"
      right={
        <Link to="/TransformHis" className="icon-btn" aria-label={t('titles.transformHis')}>
          <UnorderedListOutline fontSize={20} />
        </Link>
      }
    >
      <div className="w-transfer">
        <p className="w-transfer__hint">{t('wallet.transfer.onlyOwnAccounts')}</p>
        <section className="w-accounts" aria-invalid={Boolean(accountMsg)}>
          <div className="w-accounts__rows">
            <AccountPicker
              label={t('wallet.transfer.from')}
              value={from}
              name={accountName}
              onPick={(a) => pick('from', a)}
            />
            <div className="w-accounts__line" aria-hidden />
            <AccountPicker
              label={t('wallet.transfer.to')}
              value={to}
              name={accountName}
              onPick={(a) => pick('to', a)}
            />
          </div>
          <button type="button" className="w-swap" onClick={swap} aria-label={t('wallet.transfer.swap')}>
            <SwapIcon />
          </button>
        </section>
        {accountMsg && (
          <div className="w-field-error" role="alert">
            {accountMsg}
          </div>
        )}

        <div className="w-label">{t('wallet.transfer.coin')}</div>
        <div className="w-coin">
          <span className="w-coin__icon" aria-hidden>
            $
          </span>
          <span className="w-coin__name">{coin}</span>
          <span className="w-coin__note">{t('wallet.transfer.contractUsdcOnly')}</span>
        </div>
        {serverErrors.coin && <div className="w-field-error">{serverErrors.coin}</div>}

        <label className="w-label" htmlFor={amountId}>
          {t('wallet.transfer.amount')}
        </label>
        <div className={`w-amount ${amountMsg ? 'w-amount--error' : ''}`}>
          <FieldInput
            id={amountId}
            className="num"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('wallet.transfer.amountPlaceholder')}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              clearServer('amount', 'form');
            }}
            onBlur={() => setTouched(true)}
            aria-invalid={Boolean(amountMsg)}
            aria-describedby={`${amountId}-help`}
          />
          <span className="w-amount__coin">{coin}</span>
          <button
            type="button"
            className="w-amount__max"
            disabled={!balances.data}
            onClick={() => {
              setAmount(truncateDecimals(available, decimals));
              setTouched(true);
              clearServer('amount', 'form');
            }}
          >
            {t('wallet.transfer.max')}
          </button>
        </div>
        <div id={`${amountId}-help`}>
          {amountMsg && (
            <div className="w-field-error" role="alert">
              {amountMsg}
            </div>
          )}
          <div className="w-available">
            <span>{t('wallet.transfer.available')}</span>
            <span>
              {balances.data ? (
                <CoinAmount value={available} coin={coin} />
              ) : (
                <span className="sk w-sk--num" />
              )}
              {NBSP}
              {coin}
            </span>
          </div>
        </div>

        {serverErrors.form && (
          <div className="w-field-error w-form-error" role="alert">
            {serverErrors.form}
          </div>
        )}

        <Button
          block
          color="primary"
          size="large"
          className="w-submit"
          disabled={!canSubmit}
          onClick={() => {
            setTouched(true);
            if (canSubmit) setConfirming(true);
          }}
        >
          {t('wallet.transfer.submit')}
        </Button>
      </div>

      <Popup
        visible={confirming}
        onMaskClick={() => !transfer.isPending && setConfirming(false)}
        onClose={() => setConfirming(false)}
        bodyClassName="sheet w-confirm"
      >
        <div className="sheet__title">{t('wallet.transfer.confirmTitle')}</div>
        <p className="w-confirm__text">
          {t('wallet.transfer.confirmText', {
            amount: withUnit(shownAmount, coin),
            from: inText(from),
            to: inText(to),
          })}
        </p>
        <dl className="w-kv w-kv--flush">
          <div className="w-kv__row">
            <dt>{t('wallet.transfer.from')}</dt>
            <dd>{accountName(from)}</dd>
          </div>
          <div className="w-kv__row">
            <dt>{t('wallet.transfer.to')}</dt>
            <dd>{accountName(to)}</dd>
          </div>
          <div className="w-kv__row">
            <dt>{t('wallet.transfer.amount')}</dt>
            <dd className="num w-confirm__amount">{withUnit(shownAmount, coin)}</dd>
          </div>
        </dl>
        <p className="w-confirm__note muted">{t('wallet.transfer.confirmNote')}</p>
        <div className="w-confirm__actions">
          <Button block onClick={() => setConfirming(false)} disabled={transfer.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            loading={transfer.isPending}
            disabled={transfer.isPending}
            onClick={submit}
          >
            {t('common.confirm')}
          </Button>
        </div>
      </Popup>
    </PageShell>
  );
}

function AccountPicker({
  label,
  value,
  name,
  onPick,
}: {
  label: string;
  value: WalletAccount;
  name(a: WalletAccount): string;
  onPick(a: WalletAccount): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="w-account"
        aria-haspopup="dialog"
        aria-label={`${label}: ${name(value)}`}
        onClick={() => setOpen(true)}
      >
        <span className="w-account__label">{label}</span>
        <span className="w-account__name">{name(value)}</span>
        <RightOutline className="muted" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="sheet"
      >
        <div className="sheet__title">{label}</div>
        <div className="w-sheet__options" role="listbox" aria-label={label}>
          {(['spot', 'contract'] as const).map((a) => (
            <button
              key={a}
              type="button"
              role="option"
              aria-selected={a === value}
              className={`w-option ${a === value ? 'w-option--on' : ''}`}
              onClick={() => {
                onPick(a);
                setOpen(false);
              }}
            >
              {name(a)}
            </button>
          ))}
        </div>
      </Popup>
    </>
  );
}

/** Up and down arrows (antd-mobile-icons has no swap glyph). */
function SwapIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path
        d="M7 4v16M7 4 3.5 7.5M7 4l3.5 3.5M17 20V4m0 16-3.5-3.5M17 20l3.5-3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
