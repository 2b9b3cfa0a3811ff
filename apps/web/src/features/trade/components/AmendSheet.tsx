import type { Coin, ContractOrder } from '@ex/sdk';
import { Button, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';
import { useAmendContractOrder } from '../api/contract.ts';
import { cmp, isPositive, sub, trim } from '../decimal.ts';
import { fieldErrors, PriceStepper, QuantityStepper } from './order-ticket.tsx';

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
          showToast(t('trade.amended'), 2000, 'success');
          onClose();
        },
        onError: (e) => {
          const next = fieldErrors(e, (name) => name as Field, false);
          if (next) setErrors(next);
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
            <PriceStepper
              market={market}
              name="trigger_price"
              label={t('trade.triggerPrice')}
              value={trigger}
              onChange={setTrigger}
              error={errors.trigger_price}
            />
          </div>
        )}
        {order?.price !== null && (
          <div className="sheet-field">
            <PriceStepper
              market={market}
              name="price"
              label={t('trade.price')}
              value={price}
              onChange={setPrice}
              error={errors.price}
            />
          </div>
        )}
        <div className="sheet-field">
          <QuantityStepper
            market={market}
            label={t('trade.openQty')}
            value={qty}
            onChange={setQty}
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
