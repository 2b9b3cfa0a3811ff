/**
 * The app's one row of text tabs (ADR 248): the label in text-2, the chosen one in text with a
 * brand bar under it. Every tab row that is not a segmented control uses it: /Notices, the auth
 * screens' email/phone switch, the trade form and panel, the coin detail, the order history and the
 * position sheets. `dense` is the smaller type for rows inside the order form and the chart's
 * intervals; the look is otherwise the same.
 */
export function TextTabs<T extends string>({
  value,
  options,
  onChange,
  label,
  className,
  dense = false,
  tabId,
  panelId,
}: {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  /** The tab list's accessible name. */
  label: string;
  className?: string;
  dense?: boolean;
  /** Ids for the tabs, when a panel names its tab with `aria-labelledby`. */
  tabId?: (value: T) => string;
  /** The id of the panel the tabs switch, for `aria-controls`. */
  panelId?: string;
}) {
  const classes = ['text-tabs', dense ? 'text-tabs--dense' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes} role="tablist" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          id={tabId?.(o.value)}
          type="button"
          role="tab"
          aria-selected={value === o.value}
          aria-controls={panelId}
          // The bold label's width is reserved (see .text-tabs__tab::before), so the row does not
          // shift when the chosen tab turns bold.
          data-label={o.label}
          className={`text-tabs__tab ${value === o.value ? 'is-on' : ''}`}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
