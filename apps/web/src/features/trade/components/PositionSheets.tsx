import type { Coin, Position } from '@ex/sdk';
import { isValidationError } from '@ex/sdk';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { TextTabs } from '../../../components/TextTabs.tsx';
import { formatPrice, formatSpendable, formatUsdc, withUnit } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast.ts';
import { streamKeys } from '../../stream/hooks.ts';
import { useAdjustMargin, useSetTpsl } from '../api/contract.ts';
import { useBalances } from '../api/spot.ts';
import { isPositive, trim } from '../decimal.ts';
import { DecimalStepper } from './DecimalStepper.tsx';
import { fieldErrors, sameNames } from './order-ticket.tsx';

/** Modify margin (add/reduce) of a position. */
export function MarginSheet({ position, onClose }: { position: Position | null; onClose(): void }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [action, setAction] = useState<'add' | 'reduce'>('add');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const adjust = useAdjustMargin();
  const balances = useBalances();
  // Added margin must fit in the free collateral (ADR 221).
  const available = balances.data?.contract.free_collateral ?? '0';
  const submit = () => {
    if (!position) return;
    if (!isPositive(amount)) return setError(t('tradeErrors.amountRequired'));
    adjust.mutate(
      { id: position.id, body: { action, amount: trim(amount) } },
      {
        onSuccess: () => {
          showToast(t('trade.marginUpdated'), 2000, 'success');
          setAmount('');
          onClose();
        },
        onError: (e) => {
          if (isValidationError(e)) setError(Object.values(e.errors)[0]?.[0] ?? e.message);
        },
      },
    );
  };
  return (
    <Popup
      visible={position !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet confirm-sheet"
    >
      <div role="dialog" aria-label={t('trade.modifyMargin')}>
        <h2 className="sheet__title">
          {t('trade.modifyMargin')} · {position?.symbol.replace(/_/g, '/').replace('/PERP', '')}
        </h2>
        <TextTabs<'add' | 'reduce'>
          label={t('trade.modifyMargin')}
          value={action}
          onChange={(a) => {
            setAction(a);
            setError(undefined);
          }}
          options={[
            { value: 'add', label: t('trade.addMargin') },
            { value: 'reduce', label: t('trade.reduceMargin') },
          ]}
        />
        <div className="sheet-field">
          <DecimalStepper
            name="amount"
            label={t('trade.amount')}
            suffix="USDC"
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setError(undefined);
            }}
            step="1"
            scale={6}
            error={error}
          />
        </div>
        <dl className="confirm-sheet__rows">
          <div className="kv">
            <dt>{t('trade.margin')}</dt>
            <dd className="num">{withUnit(formatUsdc(position?.margin, lang), 'USDC')}</dd>
          </div>
          {action === 'add' && (
            <div className="kv">
              <dt>{t('trade.available')}</dt>
              <dd className="num">
                {t('trade.maxAddable', { amount: withUnit(formatSpendable(available, lang), 'USDC') })}
              </dd>
            </div>
          )}
        </dl>
        <Button block color="primary" loading={adjust.isPending} disabled={adjust.isPending} onClick={submit}>
          {t('common.confirm')}
        </Button>
      </div>
    </Popup>
  );
}

/** Profit/loss setting (TP/SL) of a position. */
export function TpslSheet({
  position,
  market,
  onClose,
}: {
  position: Position | null;
  market: Coin | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  // Issue 8: TP/SL on the mark or the last price; with a quantity, a partial TP/SL (ADR 136).
  const [by, setBy] = useState<'mark' | 'last'>('mark');
  const [qty, setQty] = useState('');
  const [errors, setErrors] = useState<{ tp_price?: string; sl_price?: string; quantity?: string }>({});
  const save = useSetTpsl();
  // Saving without a quantity replaces the position's TP and SL: a field that showed "None" only
  // because the list was older than a TP/SL just set would clear it. So the sheet reads the
  // positions afresh when it opens, Save waits for that read, and a field the user has not touched
  // follows the position as it arrives.
  const qc = useQueryClient();
  const reading = useIsFetching({ queryKey: streamKeys.positions }) > 0;
  const touched = useRef({ tp: false, sl: false, by: false });
  const liveTp = position?.tp_price ?? '';
  const liveSl = position?.sl_price ?? '';
  const liveBy = position?.tpsl_by ?? 'mark';
  useEffect(() => {
    if (!touched.current.tp) setTp(liveTp);
    if (!touched.current.sl) setSl(liveSl);
    if (!touched.current.by) setBy(liveBy);
  }, [liveTp, liveSl, liveBy]);
  const edit =
    <T,>(field: 'tp' | 'sl' | 'by', set: (v: T) => void) =>
    (v: T) => {
      touched.current[field] = true;
      set(v);
    };
  const scale = market?.price_scale ?? 2;
  const tick = market?.tick_size ?? '0.01';
  const entry = position?.entry_price;
  const submit = () => {
    if (!position) return;
    // With a quantity: conditional closes at the prices shown. Without: only what the user changed
    // is sent (an emptied field as null, which clears it); the server keeps the rest as the position
    // has it at that moment, so a stale copy here can never clear a stop (ADR 267).
    const partial = isPositive(qty);
    const price = (field: 'tp' | 'sl', v: string) =>
      partial ? (v ? trim(v) : undefined) : !touched.current[field] ? undefined : v ? trim(v) : null;
    const tpPrice = price('tp', tp);
    const slPrice = price('sl', sl);
    save.mutate(
      {
        id: position.id,
        body: {
          ...(tpPrice === undefined ? {} : { tp_price: tpPrice }),
          ...(slPrice === undefined ? {} : { sl_price: slPrice }),
          ...(partial || touched.current.by ? { trigger_by: by } : {}),
          ...(partial ? { quantity: trim(qty) } : {}),
        },
      },
      {
        onSuccess: () => {
          showToast(t('trade.tpslSaved'), 2000, 'success');
          onClose();
        },
        onError: (e) => {
          const next = fieldErrors(e, sameNames(['tp_price', 'sl_price', 'quantity'] as const), false);
          if (next) setErrors(next);
        },
      },
    );
  };
  return (
    <Popup
      visible={position !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet confirm-sheet"
      afterShow={() => {
        touched.current = { tp: false, sl: false, by: false };
        setTp(liveTp);
        setSl(liveSl);
        setBy(liveBy);
        setQty('');
        setErrors({});
        void qc.invalidateQueries({ queryKey: streamKeys.positions });
      }}
    >
      <div role="dialog" aria-label={t('trade.setTpsl')}>
        <h2 className="sheet__title">{t('trade.setTpsl')}</h2>
        <dl className="confirm-sheet__rows">
          <div className="kv">
            <dt>{t('trade.entryPrice')}</dt>
            <dd className="num">{formatPrice(entry, scale, lang)}</dd>
          </div>
          <div className="kv">
            <dt>{t('trade.markPrice')}</dt>
            <dd className="num">{formatPrice(position?.mark_price, scale, lang)}</dd>
          </div>
        </dl>
        {(
          [
            ['tp_price', t('trade.tp'), tp, edit('tp', setTp)],
            ['sl_price', t('trade.sl'), sl, edit('sl', setSl)],
          ] as const
        ).map(([name, label, value, onChange]) => (
          <div className="sheet-field" key={name}>
            <DecimalStepper
              name={name}
              label={label}
              suffix="USDC"
              value={value}
              placeholder={t('trade.none')}
              onChange={(v) => {
                onChange(v);
                // A refused price stops reading as invalid once the user changes it.
                setErrors((e) => ({ ...e, [name]: undefined }));
              }}
              step={tick}
              scale={scale}
              fallback={entry}
              error={errors[name]}
            />
          </div>
        ))}
        <div className="sheet-field">
          <DecimalStepper
            name="quantity"
            label={t('trade.quantity')}
            suffix={market?.base ?? ''}
            value={qty}
            placeholder={t('trade.tpslWhole')}
            onChange={(v) => {
              setQty(v);
              setErrors((e) => ({ ...e, quantity: undefined }));
            }}
            step={market?.step_size ?? '0.001'}
            scale={market?.qty_scale ?? 3}
            error={errors.quantity}
          />
        </div>
        {/* The label stands on its own: it was glued to the first tab ("Trigger by: Mark | Last"),
            so choosing Last left it under the other option. */}
        <div className="tpsl-trigger">
          <span className="tpsl-trigger__label" aria-hidden="true">
            {t('trade.triggerBy')}
          </span>
          <TextTabs<'mark' | 'last'>
            label={t('trade.triggerBy')}
            value={by}
            onChange={edit('by', setBy)}
            options={[
              { value: 'mark', label: t('trade.markPrice') },
              { value: 'last', label: t('market.lastPrice') },
            ]}
          />
        </div>
        <Button
          block
          color="primary"
          loading={save.isPending || reading}
          disabled={save.isPending || reading}
          onClick={submit}
        >
          {t('trade.save')}
        </Button>
      </div>
    </Popup>
  );
}
