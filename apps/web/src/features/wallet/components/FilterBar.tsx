import { CheckList, Popup } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';

export interface FilterOption {
  value: string;
  label: string;
}

interface Props {
  /** What the sheet is for, also the button's accessible name. */
  title: string;
  /** The value meaning "no filter" is ''. */
  value: string;
  allLabel: string;
  options: readonly FilterOption[];
  onChange(value: string): void;
}

/** One filter of a history list: a chip that shows the choice and opens a bottom sheet to change it. */
export function FilterChip({ title, value, allLabel, options, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const current = options.find((o) => o.value === value)?.label ?? allLabel;
  return (
    <>
      <button
        type="button"
        className={`w-filter ${value ? 'w-filter--on' : ''}`}
        aria-haspopup="dialog"
        aria-label={`${title}: ${current}`}
        onClick={() => setOpen(true)}
      >
        <span className="w-filter__text">{current}</span>
        <DownFill fontSize={10} aria-hidden />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="sheet"
      >
        <div className="sheet__title w-sheet__title">{title}</div>
        <CheckList
          className="w-sheet__list"
          value={[value]}
          onChange={(v) => {
            onChange(String(v[0] ?? ''));
            setOpen(false);
          }}
        >
          <CheckList.Item value="">{allLabel}</CheckList.Item>
          {options.map((o) => (
            <CheckList.Item key={o.value} value={o.value}>
              {o.label}
            </CheckList.Item>
          ))}
        </CheckList>
      </Popup>
    </>
  );
}
