import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Segmented, Space, type TableColumnsType, type TableProps, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { DEFAULT_LIMIT, LIMITS, readInt, useUrlState } from '../../lib/url-state.ts';
import { ConsoleTable } from '../ConsoleTable.tsx';
import { ReviewDrawer, type ReviewSpec } from './ReviewDrawer.tsx';

/**
 * A filter kept in the URL under `param`; `fallback` is shown when the URL has none and stays out of
 * it. `all` adds an "All" option (`all` in the URL, no filter for the list) before or after the others.
 */
export interface ReviewFilter<F extends string> {
  param: string;
  options: { label: string; value: F }[];
  all?: 'first' | 'last';
  fallback: F | 'all';
}

const ALL = { label: 'All', value: 'all' as const };

/** What one page of a list answers. */
export interface ListPage<Row> {
  list: Row[];
  total: number;
}

export interface ListQuery<F extends string> {
  page: number;
  limit: number;
  /** The filter's value as the URL has it (the fallback when it has none); undefined for "All". */
  filter: F | undefined;
}

export interface ReviewTableProps<Row extends { id: string }, F extends string, Result> {
  /** The page's heading and what it is for; left out where the list is one titled card of a page. */
  title?: string;
  description?: ReactNode;
  /**
   * The page's list query, called as a hook on every render with the page, size and filter read
   * from the URL (so it must always be the same hook).
   */
  useRows: (q: ListQuery<F>) => UseQueryResult<ListPage<Row>>;
  /** The page's own columns; `now` is when the list was loaded, for "3 minutes ago". */
  columns: (now: number) => TableColumnsType<Row>;
  /** "1 application", "42 applications": the word after the count, for one and for more. */
  noun: readonly [one: string, other: string];
  /** What an empty list says: the load failed, or there is none (under the filter, when given one). */
  empty: { error: string; none: string | ((filter: F | undefined) => string) };
  /**
   * The table's minimum width before it scrolls sideways, for columns without a width of their own;
   * when every column has one, their sum is the minimum (ConsoleTable, ADR 239).
   */
  scrollX?: number;
  filter?: ReviewFilter<F>;
  /** Header controls before the Refresh button, and after it. */
  controls?: ReactNode;
  actions?: ReactNode;
  /** Between the header and the table. */
  above?: ReactNode;
  /** A titled table card: the filter and Refresh move into the card's header. */
  cardTitle?: string;
  /** Approve/reject in a drawer; without it the table has no Review column. */
  review?: ReviewSpec<Row, Result>;
  /** Anything else the table needs (expandable rows, a style). */
  table?: Pick<TableProps<Row>, 'expandable' | 'style'>;
}

/**
 * The console's paged list (KYC, withdrawals, outbox, releases, chain; ADR 190): page, size and
 * filter live in the URL, a Refresh button, a card with the table, and for review pages a Review
 * button per row that opens the approve/reject drawer. Each page keeps only its columns, its drawer
 * content and its actions.
 */
export function ReviewTable<Row extends { id: string }, F extends string = never, Result = unknown>(
  props: ReviewTableProps<Row, F, Result>,
) {
  const { filter, review } = props;
  const { params, update } = useUrlState();
  const page = readInt(params.get('page'), 1);
  const limit = readInt(params.get('limit'), DEFAULT_LIMIT, LIMITS);
  const options: { label: string; value: F | 'all' }[] = filter
    ? filter.all === 'first'
      ? [ALL, ...filter.options]
      : filter.all === 'last'
        ? [...filter.options, ALL]
        : filter.options
    : [];
  const raw = filter ? params.get(filter.param) : null;
  const value = filter ? (options.find((o) => o.value === raw)?.value ?? filter.fallback) : undefined;
  const list = props.useRows({ page, limit, filter: value === 'all' ? undefined : value });
  const now = list.dataUpdatedAt || Date.now();
  const [open, setOpen] = useState<Row | null>(null);

  const columns: TableColumnsType<Row> = review
    ? [
        ...props.columns(now),
        {
          title: '',
          width: 100,
          render: (_: unknown, row) => (
            <Button
              size="small"
              type={review.pending(row) ? 'primary' : 'default'}
              onClick={() => setOpen(row)}
            >
              {review.pending(row) ? 'Review' : 'View'}
            </Button>
          ),
        },
      ]
    : props.columns(now);

  const controls = (
    // A filter can be wider than a phone: the controls wrap below each other there.
    <Space
      size={props.cardTitle ? 'small' : 'middle'}
      wrap={filter !== undefined}
      // Kept within the page's width, so an over-wide filter scrolls instead of widening the page.
      style={{ maxWidth: '100%' }}
      styles={{ item: { maxWidth: '100%' } }}
    >
      {filter && (
        <Segmented
          // Many filters do not fit a phone even alone: the control scrolls there (aligned to the
          // top, or the scroll box's baseline would add a gap below it).
          style={{ maxWidth: '100%', overflowX: 'auto', verticalAlign: 'top' }}
          value={value}
          onChange={(v) => update({ [filter.param]: v === filter.fallback ? null : String(v), page: null })}
          options={options}
        />
      )}
      {props.controls}
      <Button icon={<ReloadOutlined spin={list.isFetching} />} onClick={() => void list.refetch()}>
        Refresh
      </Button>
      {props.actions}
    </Space>
  );

  return (
    <>
      {(props.title !== undefined || !props.cardTitle) && (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            marginBottom: 16,
            gap: 16,
            flexWrap: 'wrap',
          }}
        >
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {props.title}
            </Typography.Title>
            <Typography.Text type="secondary">{props.description}</Typography.Text>
          </div>
          {!props.cardTitle && controls}
        </div>
      )}
      {props.above}
      <Card
        title={props.cardTitle}
        extra={props.cardTitle ? controls : undefined}
        styles={{ body: { padding: 0 } }}
      >
        <ConsoleTable<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading}
          scroll={{ x: props.scrollX }}
          locale={{
            emptyText: list.isError
              ? props.empty.error
              : typeof props.empty.none === 'function'
                ? props.empty.none(value === 'all' ? undefined : value)
                : props.empty.none,
          }}
          pagination={{
            current: page,
            pageSize: limit,
            total: list.data?.total ?? 0,
            pageSizeOptions: LIMITS,
            showSizeChanger: true,
            showTotal: (total) => `${total} ${total === 1 ? props.noun[0] : props.noun[1]}`,
            // A new page size starts again at page 1; the defaults stay out of the URL.
            onChange: (nextPage, nextLimit) =>
              update({
                page: nextLimit === limit && nextPage > 1 ? String(nextPage) : null,
                limit: nextLimit === DEFAULT_LIMIT ? null : String(nextLimit),
              }),
          }}
          {...props.table}
        />
      </Card>
      {review && (
        <ReviewDrawer
          // The list refreshes after a review; the drawer shows the row as it was opened.
          row={open}
          spec={review}
          onClose={() => setOpen(null)}
          onConflict={() => void list.refetch()}
        />
      )}
    </>
  );
}
