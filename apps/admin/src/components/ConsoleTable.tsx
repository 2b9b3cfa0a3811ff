import { Grid, Table, type TableProps } from 'antd';

/**
 * The console's one table (ADR 226): antd's Table that never runs past its card or widens the page.
 * It scrolls sideways inside its own box once its columns cannot share the width any more (or below
 * the minimum width a page asks for) and keeps its first column (and the expand toggle) in place while the rest
 * scrolls, so the operator on a phone still sees which row they are reading. From 576 px up an
 * untitled last column (the row's Review, Edit or Pause buttons) stays in place on the right too;
 * on a phone two pinned columns would leave too little room for the others.
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
  return (
    <Table<Row>
      {...rest}
      columns={pinned}
      expandable={expandable && { fixed: 'left', ...expandable }}
      scroll={{ x: true, ...scroll }}
      // Without a minimum width from the page the columns share the card and wrap their text before
      // the table scrolls (antd would lay out pinned columns 'fixed': as wide as their content).
      tableLayout={tableLayout ?? (scroll?.x === undefined ? 'auto' : undefined)}
    />
  );
}
