import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';

// The record screens of the earn products (AI, dividend; ADR 095): tabs over a list with its
// loading and empty states, in the ai.css look.

/** The tab row of a record screen. */
export function EarnTabs<K extends string>({
  value,
  onChange,
  options,
}: {
  value: K;
  onChange(k: K): void;
  options: readonly { value: K; label: string }[];
}) {
  return (
    <div className="ai-tabs" role="tablist">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={value === o.value}
          className="ai-tab"
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** A skeleton while loading, `empty` when there is nothing, else one `row` per item. */
export function EarnItems<T>({
  pending,
  items,
  empty,
  row,
}: {
  pending: boolean;
  items: readonly T[];
  empty: string;
  row: (item: T) => ReactNode;
}) {
  if (pending) return <div className="ai-skeleton" aria-busy="true" />;
  if (items.length === 0) return <EmptyState text={empty} />;
  return <>{items.map(row)}</>;
}
