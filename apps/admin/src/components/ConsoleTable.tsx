import { Grid, Table, type TableProps } from 'antd';

/** antd's expand toggle column when a page does not size it (`expandable.columnWidth`). */
const EXPAND_COLUMN_WIDTH = 48;

/**
 * The sum of the columns' widths (and the expand toggle's), or undefined when a column has no
 * numeric width: a page that sizes every column gets exactly that as the table's scroll width, so
 * the table scrolls only when the columns really do not fit and never ends in a gap or under its
 * pinned columns (ADR 239).
 */
export function columnsWidth<Row>(
  columns: TableProps<Row>['columns'],
  expandable?: TableProps<Row>['expandable'],
): number | undefined {
  if (!columns || columns.length === 0) return undefined;
  let sum = 0;
  for (const column of columns) {
    if (typeof column.width !== 'number') return undefined;
    sum += column.width;
  }
  if (expandable) {
    const toggle = expandable.columnWidth;
    sum += typeof toggle === 'number' ? toggle : EXPAND_COLUMN_WIDTH;
  }
  return sum;
}

/**
 * The console's one table (ADR 226): antd's Table that never runs past its card or widens the page.
 * It scrolls sideways inside its own box once its columns cannot share the width any more (or below
 * the minimum width a page asks for) and keeps its first column (and the expand toggle) in place while the rest
 * scrolls, so the operator on a phone still sees which row they are reading. From 576 px up an
 * untitled last column (the row's Review, Edit or Pause buttons) stays in place on the right too;
 * on a phone two pinned columns would leave too little room for the others. When every column has
 * a width, their sum is the scroll width (ADR 239): a page's own `scroll.x` is then ignored.
 */
export function ConsoleTable<Row extends object>({
  columns,
  scroll,
  expandable,
  tableLayout,
  ...rest
}: TableProps<Row>) {
  const wide = Grid.useBreakpoint().sm === true;
  const all = columns ?? [];
  const pinned = all.map((column, i) => {
    if (column.fixed !== undefined) return column;
    if (i === 0) return { ...column, fixed: 'left' as const };
    if (wide && i === all.length - 1 && column.title === '') return { ...column, fixed: 'right' as const };
    return column;
  });
  const x = columnsWidth(all, expandable) ?? scroll?.x;
  return (
    <Table<Row>
      {...rest}
      columns={pinned}
      expandable={expandable && { fixed: 'left', ...expandable }}
      scroll={{ ...scroll, x: x ?? true }}
      // Without a minimum width from the page the columns share the card and wrap their text before
      // the table scrolls (antd would lay out pinned columns 'fixed': as wide as their content).
      tableLayout={tableLayout ?? (x === undefined ? 'auto' : undefined)}
    />
  );
}
