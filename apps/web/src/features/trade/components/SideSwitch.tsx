/** Buy/sell (or open long/short) as a two-segment control in the up/down colours. */
export function SideSwitch<T extends string>({
  value,
  options,
  onChange,
  label,
}: {
  value: T;
  options: readonly [{ value: T; label: string }, { value: T; label: string }];
  onChange(value: T): void;
  label: string;
}) {
  return (
    <fieldset className="side-switch">
      <legend className="sr-only">{label}</legend>
      {options.map((o, i) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          className={`side-switch__btn side-switch__btn--${i === 0 ? 'up' : 'down'} ${value === o.value ? 'is-on' : ''}`}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}
