import { Table, type TableProps } from 'antd';

/**
 * The console's one table (ADR 226): antd's Table that never runs past its card or widens the page.
 * It scrolls sideways inside its own box (`scroll.x`, at least its content's width unless the page
 * asks for a wider minimum) and keeps its first column (and the expand toggle) in place while the
 * rest scrolls, so the operator on a phone still sees which row they are reading.
 */
export function ConsoleTable<Row extends object>({ columns, scroll, expandable, ...rest }: TableProps<Row>) {
  const [first, ...others] = columns ?? [];
  const pinned =
    first && first.fixed === undefined ? [{ ...first, fixed: 'left' as const }, ...others] : columns;
  return (
    <Table<Row>
      {...rest}
      columns={pinned}
      expandable={expandable && { fixed: 'left', ...expandable }}
      scroll={{ x: 'max-content', ...scroll }}
    />
  );
}
