import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { sanitizeInput, stepBy } from '../decimal.ts';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Tick or step size: one press of -/+ moves by this much. */
  step: string;
  scale: number;
  /** Where -/+ start from when the field is empty (e.g. the last price). */
  fallback?: string;
  suffix?: string;
  error?: string;
  disabled?: boolean;
  placeholder?: string;
  name: string;
}

/** A decimal field with -/+ steppers on the tick/step grid; typing keeps at most `scale` decimals. */
export function DecimalStepper(props: Props) {
  const { t } = useTranslation();
  const { lang } = useLang();
  // The field shows the language's decimal mark (de 97257,86) like every figure around it; the value
  // stays a plain decimal string ("97257.86"): typing either mark is read back as the point.
  const mark = formatDecimal('0.5', lang).charAt(1) || '.';
  const id = useId();
  const errId = `${id}-err`;
  const { label, value, onChange, step, scale, fallback, suffix, error, disabled, placeholder, name } = props;
  return (
    <div className={`stepper ${error ? 'stepper--error' : ''} ${disabled ? 'stepper--disabled' : ''}`}>
      <button
        type="button"
        className="stepper__btn"
        aria-label={t('trade.decrease', { field: label })}
        disabled={disabled}
        onClick={() => onChange(stepBy(value, step, -1, fallback))}
      >
        <MinusOutline />
      </button>
      <label className="stepper__field" htmlFor={id}>
        <span className="stepper__label">{label}</span>
        <input
          id={id}
          name={name}
          className="stepper__input num"
          inputMode="decimal"
          autoComplete="off"
          value={mark === '.' ? value : value.replace('.', mark)}
          disabled={disabled}
          placeholder={placeholder}
          // A native <input>, not antd-mobile's Input (which would put these on its wrapper, ADR 270):
          // a screen reader announces the field invalid and reads its error.
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errId : undefined}
          onChange={(e) => onChange(sanitizeInput(e.target.value, scale))}
        />
        {suffix && <span className="stepper__suffix">{suffix}</span>}
      </label>
      <button
        type="button"
        className="stepper__btn"
        aria-label={t('trade.increase', { field: label })}
        disabled={disabled}
        onClick={() => onChange(stepBy(value, step, 1, fallback))}
      >
        <AddOutline />
      </button>
      {error && (
        <div id={errId} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
