import type { Coin, ContractOrder } from '@ex/sdk';
import { isValidationError } from '@ex/sdk';
import { Button, Popup, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmendContractOrder } from '../api/contract.ts';
import { cmp, isPositive, sub, trim } from '../decimal.ts';
import { DecimalStepper } from './DecimalStepper.tsx';

type Field = 'price' | 'quantity' | 'trigger_price';

/**
 * Amend an open contract order (ADR 138): its limit price and open quantity, and the trigger of a
 * stop that has not fired. Only what changed is sent.
 */
export function AmendSheet({
  order,
  market,
  onClose,
}: {
  order: ContractOrder | null;
  market: Coin | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const amend = useAmendContractOrder();
  const [price, setPrice] = useState('');
  const [qty, setQty] = useState('');
  const [trigger, setTrigger] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const openQty = order ? sub(order.quantity, order.filled) : '';
  const waiting = order !== null && !order.triggered;
  useEffect(() => {
    setPrice(order?.price ?? '');
    setQty(order ? sub(order.quantity, order.filled) : '');
    setTrigger(order?.trigger_price ?? '');
    setErrors({});
  }, [order]);
  if (!market) return null;
  const submit = () => {
    if (!order) return;
    const body = {
      ...(order.price !== null && isPositive(price) && cmp(price, order.price) !== 0
        ? { price: trim(price) }
        : {}),
      ...(isPositive(qty) && cmp(qty, openQty) !== 0 ? { quantity: trim(qty) } : {}),
      ...(waiting &&
      order.type !== 'trailing_stop' &&
      isPositive(trigger) &&
      cmp(trigger, order.trigger_price ?? '0') !== 0
        ? { trigger_price: trim(trigger) }
        : {}),
    };
    if (Object.keys(body).length === 0) return onClose();
    amend.mutate(
      { id: order.id, body },
      {
        onSuccess: () => {
          Toast.show({ content: t('trade.amended'), icon: 'success', duration: 2000 });
          onClose();
        },
        onError: (e) => {
          if (isValidationError(e)) {
            const next: Partial<Record<Field, string>> = {};
            for (const [f, m] of Object.entries(e.errors)) next[f as Field] = m[0];
            setErrors(next);
          }
        },
      },
    );
  };
  return (
    <Popup
      visible={order !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet confirm-sheet"
    >
      <div role="dialog" aria-label={t('trade.amendTitle')}>
        <h2 className="sheet__title">{t('trade.amendTitle')}</h2>
        {waiting && order?.type !== 'trailing_stop' && (
          <div className="sheet-field">
            <DecimalStepper
              name="trigger_price"
              label={t('trade.triggerPrice')}
              suffix={market.quote}
              value={trigger}
              onChange={setTrigger}
              step={market.tick_size}
              scale={market.price_scale}
              error={errors.trigger_price}
            />
          </div>
        )}
        {order?.price !== null && (
          <div className="sheet-field">
            <DecimalStepper
              name="price"
              label={t('trade.price')}
              suffix={market.quote}
              value={price}
              onChange={setPrice}
              step={market.tick_size}
              scale={market.price_scale}
              error={errors.price}
            />
          </div>
        )}
        <div className="sheet-field">
          <DecimalStepper
            name="quantity"
            label={t('trade.openQty')}
            suffix={market.base}
            value={qty}
            onChange={setQty}
            step={market.step_size}
            scale={market.qty_scale}
            error={errors.quantity}
          />
        </div>
        <Button block color="primary" className="sheet__confirm" loading={amend.isPending} onClick={submit}>
          {t('trade.amend')}
        </Button>
      </div>
    </Popup>
  );
}
