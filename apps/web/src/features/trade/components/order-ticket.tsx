import type { Coin } from '@ex/sdk';
import { isValidationError } from '@ex/sdk';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasToken } from '../../../lib/storage.ts';
import { showToast } from '../../../lib/toast.ts';
import { DecimalStepper } from './DecimalStepper.tsx';

// The core the spot and contract order forms share (ADR 094): the idempotency key, the signed-out
// redirect, the field errors of a 422, the first price of a pair, a price tapped in the book, and
// the price and quantity fields.

export function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A 422's messages by form field (`fieldOf` names the field a server field belongs to, or null);
 * a message of no field is shown as a toast unless `others` is false. Null for any other error.
 */
export function fieldErrors<F extends string>(
  error: unknown,
  fieldOf: (name: string) => F | null,
  others = true,
): FieldErrors<F> | null {
  if (!isValidationError(error)) return null;
  const next: FieldErrors<F> = {};
  for (const [name, messages] of Object.entries(error.errors)) {
    const f = fieldOf(name);
    if (f) next[f] = messages[0];
    else if (others) showToast(messages[0] ?? error.message, 2000);
  }
  return next;
}

/** `fieldOf` for forms whose fields have the server's names. */
export const sameNames =
  <F extends string>(fields: readonly F[]) =>
  (name: string): F | null =>
    (fields as readonly string[]).includes(name) ? (name as F) : null;

/**
 * The state every order ticket has: signed in or not, touched, the server's field errors and the
 * idempotency key of the order being placed (a new one after every answer).
 */
export function useOrderTicket<F extends string>(returnTo: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = hasToken(window.localStorage);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({});
  const keyRef = useRef(newKey());
  return {
    signedIn,
    touched,
    setTouched,
    serverErrors,
    setServerErrors,
    clearError: (f: F) => setServerErrors((e) => ({ ...e, [f]: undefined })),
    key: () => keyRef.current,
    /** Signed out: off to the login page, back here after it; answers whether the form may go on. */
    ensureSignedIn(): boolean {
      if (!signedIn) navigate(`/Login?redirect=${encodeURIComponent(returnTo)}`);
      return signedIn;
    },
    /** The callbacks of a place-order mutation: `done` runs on either answer, `placed` on success. */
    outcome(fieldOf: (name: string) => F | null, done: () => void, placed: () => void) {
      return {
        onSuccess: () => {
          keyRef.current = newKey();
          done();
          placed();
          setTouched(false);
          showToast(t('trade.placed'), 2000, 'success');
        },
        onError: (error: unknown) => {
          keyRef.current = newKey();
          done();
          const next = fieldErrors(error, fieldOf);
          if (next) setServerErrors(next);
        },
      };
    },
  };
}

/** Calls `onSeed` once per pair with its first reference price (`undefined` while there is none). */
export function useSeedPrice(symbol: string, ref: string | undefined, onSeed: (price: string) => void) {
  const seeded = useRef('');
  const latest = useRef(onSeed);
  latest.current = onSeed;
  useEffect(() => {
    if (seeded.current === symbol || ref === undefined) return;
    seeded.current = symbol;
    latest.current(ref);
  }, [symbol, ref]);
}

/** Calls `onPick` with each price tapped in the order book (a new object per tap). */
export function usePickedPrice(picked: { price: string } | null, onPick: (price: string) => void) {
  const latest = useRef(onPick);
  latest.current = onPick;
  useEffect(() => {
    if (picked) latest.current(picked.price);
  }, [picked]);
}

/** A price stepper on the market's tick (limit, trigger, TP/SL prices of forms and sheets). */
export function PriceStepper({
  market,
  name,
  label,
  suffix = market.quote,
  ...rest
}: {
  market: Coin;
  name: string;
  label: string;
  suffix?: string;
  value: string;
  onChange(v: string): void;
  fallback?: string;
  placeholder?: string;
  error?: string;
}) {
  return (
    <DecimalStepper
      name={name}
      label={label}
      suffix={suffix}
      step={market.tick_size}
      scale={market.price_scale}
      {...rest}
    />
  );
}

/** A quantity stepper on the market's step size. */
export function QuantityStepper({
  market,
  label,
  ...rest
}: {
  market: Coin;
  label: string;
  value: string;
  onChange(v: string): void;
  placeholder?: string;
  error?: string;
}) {
  return (
    <DecimalStepper
      name="quantity"
      label={label}
      suffix={market.base}
      step={market.step_size}
      scale={market.qty_scale}
      {...rest}
    />
  );
}

/** The price field (a stepper for a limit, "market price" otherwise) and the quantity field. */
export function PriceQuantityFields({
  market,
  limit,
  price,
  onPrice,
  priceFallback,
  priceError,
  quantity,
  onQuantity,
  quantityError,
}: {
  market: Coin;
  limit: boolean;
  price: string;
  onPrice(v: string): void;
  priceFallback: string | undefined;
  priceError: string | undefined;
  quantity: string;
  onQuantity(v: string): void;
  quantityError: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {limit ? (
        <PriceStepper
          market={market}
          name="price"
          label={t('trade.price')}
          value={price}
          onChange={onPrice}
          fallback={priceFallback}
          error={priceError}
        />
      ) : (
        <div className="stepper stepper--disabled">
          <div className="stepper__field stepper__field--static">
            <span className="stepper__label">{t('trade.price')}</span>
            <span className="stepper__static">{t('trade.marketPrice')}</span>
          </div>
        </div>
      )}
      <QuantityStepper
        market={market}
        label={t('trade.quantity')}
        value={quantity}
        onChange={onQuantity}
        error={quantityError}
      />
    </>
  );
}
