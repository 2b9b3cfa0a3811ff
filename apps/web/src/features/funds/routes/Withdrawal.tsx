import { isApiError, isValidationError } from '@ex/sdk';
import { useQuery } from '@tanstack/react-query';
import { ActionSheet, Button, Popup } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { api } from '../../../lib/api.ts';
import { serverRefusal } from '../../../lib/form-errors.ts';
import { formatDecimal, withUnit } from '../../../lib/format.ts';
import { useUserInfo } from '../../../lib/queries.ts';
import { useAddressBook, useTotpStatus } from '../../security/api/security.ts';
import { normalizeTotp, TOTP_RE } from '../../security/components/TotpField.tsx';
import { useWithdraw, useWithdrawLimits } from '../api/funds.ts';
import { CoinNetworkPair, FundsPage } from '../components/FundsPage.tsx';
import {
  type AmountError,
  leastAmount,
  maxAmount,
  normalizeAmount,
  receiveAmount,
  USDC_DECIMALS,
  validateAddress,
  validateAmount,
} from '../lib/withdraw-form.ts';
import '../funds.css';
import { showToast } from '../../../lib/toast.ts';

type Field = 'address' | 'amount' | 'trade_password' | 'totp_code' | 'form';
const FIELDS = ['address', 'amount', 'trade_password', 'totp_code'] as const;
/** TOTP_REQUIRED, TOTP_INVALID (ADR 204): shown under the code field. */
const TOTP_CODES = [1057, 1058];
/** TRADE_PASSWORD_WRONG, TRADE_PASSWORD_LOCKED: shown under the trade password. */
const PASSWORD_CODES = [1032, 2021];

function newKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The spec's gates before withdrawing, each with the screen that fixes it. */
function Gates({
  verified,
  hasPassword,
  hasCard,
}: {
  verified: boolean;
  hasPassword: boolean;
  hasCard: boolean;
}) {
  const { t } = useTranslation();
  const gates = [
    { ok: verified, text: t('funds.withdraw.gateKyc'), to: '/RealName' },
    { ok: hasPassword, text: t('funds.withdraw.gateTradePassword'), to: '/Setting' },
    { ok: hasCard, text: t('funds.withdraw.gateBankCard'), to: '/BankCard' },
  ].filter((g) => !g.ok);
  if (gates.length === 0) return null;
  return (
    <section className="f-gates" aria-labelledby="f-gates-title">
      <h2 id="f-gates-title" className="f-gates__title">
        {t('funds.withdraw.gatesTitle')}
      </h2>
      {gates.map((g) => (
        <Link key={g.to} to={g.to} className="f-gate">
          <span>{g.text}</span>
          <span className="f-gate__go">
            {t('funds.withdraw.gateGo')} <RightOutline fontSize={12} />
          </span>
        </Link>
      ))}
    </section>
  );
}

/**
 * /Withdrawal: USDC on TRC20 to an address. The amount leaves the spot account, the fee comes out
 * of it and the address receives the rest. Exact bigint checks before the server's (same rules),
 * a confirmation sheet, then the request goes to operator review.
 */
export default function Withdrawal() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const navigate = useNavigate();
  const user = useUserInfo();
  const cards = useQuery({
    queryKey: ['funds', 'bank-cards'],
    queryFn: ({ signal }) => api.bank.list({ signal }),
  });
  const balances = useQuery({
    queryKey: ['wallet', 'balances'],
    queryFn: ({ signal }) => api.wallet.balances({ signal }),
  });
  const limits = useWithdrawLimits();
  const withdraw = useWithdraw();
  const totpOn = useTotpStatus().data?.enabled === true;
  const ids = { address: useId(), amount: useId(), password: useId(), totp: useId() };

  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [picking, setPicking] = useState(false);
  const book = useAddressBook();
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [server, setServer] = useState<Partial<Record<Field, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const key = useRef('');
  if (!key.current) key.current = newKey();
  const sending = useRef(false);

  const available = balances.data?.spot.find((b) => b.coin === 'USDC')?.available;
  const rule = limits.data;
  const fmt = (v: string) => formatDecimal(v, lang, { minFraction: 2, maxFraction: USDC_DECIMALS });
  const usdc = (v: string) => withUnit(fmt(v), 'USDC');

  const addressError = validateAddress(address);
  const amountError: AmountError | null = rule ? validateAmount(amount, available, rule) : 'required';
  const passwordError = password === '' ? 'required' : null;
  const totpError = totpOn && !TOTP_RE.test(normalizeTotp(totp) ?? '') ? 'invalid' : null;
  // Only a valid amount arrives: 50,000 over a balance of 7,975 showed "You receive 49,999.00 USDC".
  const receive = rule && amountError === null ? receiveAmount(amount, rule.fee) : null;

  const gatesOk = Boolean(
    user.data?.verified && user.data.has_trade_password && (cards.data?.length ?? 0) > 0,
  );

  const amountText = (e: AmountError): string => {
    switch (e) {
      case 'required':
        return t('funds.withdraw.amountRequired');
      case 'invalid':
        return t('funds.withdraw.amountInvalid');
      case 'decimals':
        return t('funds.withdraw.tooManyDecimals', { decimals: USDC_DECIMALS });
      case 'belowMin':
        return t('funds.withdraw.belowMin', { min: rule ? usdc(leastAmount(rule)) : '' });
      case 'aboveMax':
        return t('funds.withdraw.aboveMax', { max: rule ? usdc(rule.max) : '' });
      case 'exceeds':
        return t('funds.withdraw.exceedsAvailable');
    }
  };

  const addressMsg =
    server.address ??
    (addressError && (touched.address || (addressError === 'invalid' && address.length >= 34))
      ? addressError === 'required'
        ? t('funds.withdraw.addressRequired')
        : t('funds.withdraw.addressInvalid')
      : undefined);
  const amountMsg =
    server.amount ??
    (amountError && rule && (touched.amount || (amountError !== 'required' && amountError !== 'belowMin'))
      ? amountText(amountError)
      : undefined);
  const passwordMsg =
    server.trade_password ??
    (passwordError && touched.trade_password ? t('funds.withdraw.passwordRequired') : undefined);

  const totpMsg =
    server.totp_code ?? (totpError && touched.totp_code ? t('security.twofa.placeholder') : undefined);

  const valid = !addressError && !amountError && !passwordError && !totpError && Boolean(rule) && gatesOk;
  const clear = (...fields: Field[]) =>
    setServer((prev) => {
      const next = { ...prev };
      for (const f of fields) delete next[f];
      return next;
    });

  const open = () => {
    setTouched({ address: true, amount: true, trade_password: true, totp_code: true });
    if (valid) setConfirming(true);
  };

  const submit = async () => {
    if (!valid || sending.current) return;
    sending.current = true;
    try {
      await withdraw.mutateAsync({
        body: {
          coin: 'USDC',
          network: 'TRC20',
          address: address.trim(),
          amount: normalizeAmount(amount),
          trade_password: password,
          ...(totpOn ? { totp_code: normalizeTotp(totp) } : {}),
        },
        key: key.current,
      });
      key.current = newKey();
      setTotp('');
      setConfirming(false);
      showToast(t('funds.withdraw.done'), 2000, 'success');
      navigate('/WithdrawalHistory', { replace: true });
    } catch (err) {
      setConfirming(false);
      key.current = newKey();
      const refused = serverRefusal(err);
      if (isValidationError(err)) {
        const next: Partial<Record<Field, string>> = {};
        for (const [field, messages] of Object.entries(err.errors)) {
          const target: Field = (FIELDS as readonly string[]).includes(field) ? (field as Field) : 'form';
          next[target] ??= messages[0];
        }
        setServer(next);
      } else if (refused) {
        // A wrong or locked trade password belongs under that field, a TOTP refusal under the
        // code; other refusals next to the button. The rest of the form keeps what was typed.
        // A used code cannot be tried again: the field empties for the next one.
        if (TOTP_CODES.includes(refused.code)) setTotp('');
        setServer(
          PASSWORD_CODES.includes(refused.code)
            ? { trade_password: refused.message }
            : TOTP_CODES.includes(refused.code)
              ? { totp_code: refused.message }
              : { form: refused.message },
        );
      } else if (isApiError(err)) {
        // No answer (time-out, offline): the call is quiet, so say so here.
        setServer({ form: err.message });
      }
    } finally {
      sending.current = false;
    }
  };

  return (
    <FundsPage
      title={t('titles.withdrawal')}
      history="/WithdrawalHistory"
      historyTitle={t('titles.withdrawalHistory')}
    >
      <div className="f-page">
        {user.data && cards.data && (
          <Gates
            verified={user.data.verified}
            hasPassword={user.data.has_trade_password}
            hasCard={cards.data.length > 0}
          />
        )}

        <CoinNetworkPair />
        <p className="f-note f-note--tight">{t('funds.withdraw.networkNote')}</p>

        <div className="f-label-row">
          <label className="f-label" htmlFor={ids.address}>
            {t('funds.withdraw.address')}
          </label>
          {(book.data?.list.length ?? 0) > 0 && (
            <button type="button" className="btn-ghost" onClick={() => setPicking(true)}>
              {t('security.book.choose')}
            </button>
          )}
          {/* An empty book still leads to it: that is where an address is saved for next time. */}
          {book.isSuccess && book.data.list.length === 0 && (
            <Link to="/AddressBook" className="btn-ghost">
              {t('security.book.choose')}
            </Link>
          )}
        </div>
        <div className={`f-input f-input--address ${addressMsg ? 'f-input--error' : ''}`}>
          <FieldInput
            id={ids.address}
            className="num"
            autoComplete="off"
            placeholder={t('funds.withdraw.addressPlaceholder')}
            value={address}
            onChange={(v) => {
              setAddress(v.trim());
              clear('address', 'form');
            }}
            onBlur={() => setTouched((s) => ({ ...s, address: true }))}
            aria-invalid={Boolean(addressMsg)}
            aria-describedby={addressMsg ? `${ids.address}-error` : undefined}
          />
        </div>
        {addressMsg && (
          <div className="f-field-error" id={`${ids.address}-error`} role="alert">
            {addressMsg}
          </div>
        )}

        <label className="f-label" htmlFor={ids.amount}>
          {t('funds.withdraw.amount')}
        </label>
        <div className={`f-input ${amountMsg ? 'f-input--error' : ''}`}>
          <FieldInput
            id={ids.amount}
            className="num"
            inputMode="decimal"
            autoComplete="off"
            placeholder={rule ? t('funds.withdraw.amountPlaceholder', { min: fmt(leastAmount(rule)) }) : ''}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              clear('amount', 'form');
            }}
            onBlur={() => setTouched((s) => ({ ...s, amount: true }))}
            aria-invalid={Boolean(amountMsg)}
            aria-describedby={amountMsg ? `${ids.amount}-error` : undefined}
          />
          <span className="f-input__suffix">USDC</span>
          <button
            type="button"
            className="f-input__max"
            disabled={!available || !rule}
            onClick={() => {
              if (!available || !rule) return;
              setAmount(maxAmount(available, rule));
              setTouched((s) => ({ ...s, amount: true }));
              clear('amount', 'form');
            }}
          >
            {t('funds.withdraw.max')}
          </button>
        </div>
        {amountMsg && (
          <div className="f-field-error" id={`${ids.amount}-error`} role="alert">
            {amountMsg}
          </div>
        )}
        <dl className="f-facts">
          <div>
            <dt>{t('funds.withdraw.available')}</dt>
            <dd className="num">{available ? usdc(available) : '--'}</dd>
          </div>
          <div>
            <dt>{t('funds.withdraw.fee')}</dt>
            <dd className="num">{rule ? usdc(rule.fee) : '--'}</dd>
          </div>
          <div className="f-facts__strong">
            <dt>{t('funds.withdraw.receive')}</dt>
            <dd className="num" data-testid="receive-amount">
              {receive ? usdc(receive) : '--'}
            </dd>
          </div>
        </dl>

        <label className="f-label" htmlFor={ids.password}>
          {t('funds.withdraw.tradePassword')}
        </label>
        <div className={`f-input ${passwordMsg ? 'f-input--error' : ''}`}>
          <FieldInput
            id={ids.password}
            type="password"
            autoComplete="off"
            placeholder={t('funds.withdraw.tradePasswordPlaceholder')}
            value={password}
            onChange={(v) => {
              setPassword(v);
              clear('trade_password', 'form');
            }}
            onBlur={() => setTouched((s) => ({ ...s, trade_password: true }))}
            aria-invalid={Boolean(passwordMsg)}
            aria-describedby={passwordMsg ? `${ids.password}-error` : undefined}
          />
        </div>
        {passwordMsg && (
          <div className="f-field-error" id={`${ids.password}-error`} role="alert">
            {passwordMsg}
          </div>
        )}
        {totpOn && (
          <>
            <label className="f-label" htmlFor={ids.totp}>
              {t('security.totp.code')}
            </label>
            <div className={`f-input ${totpMsg ? 'f-input--error' : ''}`}>
              <FieldInput
                id={ids.totp}
                className="num"
                autoComplete="one-time-code"
                maxLength={10}
                placeholder={t('security.twofa.placeholder')}
                value={totp}
                onChange={(v) => {
                  setTotp(v);
                  clear('totp_code', 'form');
                }}
                onBlur={() => setTouched((s) => ({ ...s, totp_code: true }))}
                aria-invalid={Boolean(totpMsg)}
                aria-describedby={totpMsg ? `${ids.totp}-error` : undefined}
              />
            </div>
            {totpMsg && (
              <div className="f-field-error" id={`${ids.totp}-error`} role="alert">
                {totpMsg}
              </div>
            )}
          </>
        )}
        {server.form && (
          <div className="f-field-error f-form-error" role="alert">
            {server.form}
          </div>
        )}

        <Button
          block
          color="primary"
          className="f-submit"
          disabled={!gatesOk || !rule || withdraw.isPending}
          onClick={open}
        >
          {t('funds.withdraw.submit')}
        </Button>
      </div>

      <ActionSheet
        visible={picking}
        onClose={() => setPicking(false)}
        cancelText={t('common.cancel')}
        actions={(book.data?.list ?? []).map((a) => ({
          key: a.id,
          text: a.label,
          description: a.address,
          onClick: () => {
            setAddress(a.address);
            clear('address', 'form');
            setPicking(false);
          },
        }))}
      />

      <Popup
        visible={confirming}
        onMaskClick={() => setConfirming(false)}
        className="f-confirm"
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      >
        <div className="f-confirm__body" role="dialog" aria-labelledby="f-confirm-title">
          <h2 id="f-confirm-title" className="f-confirm__title">
            {t('funds.withdraw.confirmTitle')}
          </h2>
          <p className="f-confirm__text">
            {t('funds.withdraw.confirmText', {
              receive: receive ? usdc(receive) : '',
              address: address.trim(),
              amount: usdc(normalizeAmount(amount) || '0'),
              fee: rule ? usdc(rule.fee) : '',
            })}
          </p>
          <div className="f-confirm__address num">{address.trim()}</div>
          <p className="f-note">{t('funds.withdraw.confirmNote')}</p>
          <div className="f-confirm__actions">
            <Button onClick={() => setConfirming(false)}>{t('funds.withdraw.cancel')}</Button>
            <Button color="primary" loading={withdraw.isPending} onClick={() => void submit()}>
              {t('funds.withdraw.confirm')}
            </Button>
          </div>
        </div>
      </Popup>
    </FundsPage>
  );
}
