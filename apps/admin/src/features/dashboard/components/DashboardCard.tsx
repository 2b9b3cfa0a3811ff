import { Card, Col, Statistic, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { ConsoleTable } from '../../../components/ConsoleTable.tsx';

/**
 * A figure with its title and an optional note after it ("+5 today", "· 3"). A string value is
 * shown exactly as given (already formatted: "1,500.25"); a number gets thousands separators.
 */
interface Stat {
  title: string;
  value: string | number;
  suffix?: string;
}

/** Rows shown as a small table without paging. */
interface Rows<T> {
  rows: T[];
  columns: TableColumnsType<T>;
  rowKey: keyof T | ((row: T) => string);
}

/**
 * One dashboard tile (ADR 191): a grid cell (the whole row on a phone, ADR 226: a large USDC figure
 * does not fit half of 375 px; a quarter on a desktop unless `xs`/`lg` say otherwise) holding a card with a figure (`stat`), a small table (`table`) or
 * anything else (`children`). Amounts are passed as decimal strings (formatted from the server's
 * strings, never through a number).
 */
export function DashboardCard<T extends object>({
  title,
  xs = 24,
  lg = 6,
  stat,
  table,
  children,
}: {
  title?: string;
  xs?: number;
  lg?: number;
  stat?: Stat;
  table?: Rows<T>;
  children?: ReactNode;
}) {
  return (
    <Col xs={xs} lg={lg}>
      <Card title={title}>
        {stat && (
          <Statistic
            title={stat.title}
            value={stat.value}
            formatter={typeof stat.value === 'string' ? () => stat.value : undefined}
            suffix={stat.suffix}
            valueStyle={{ fontVariantNumeric: 'tabular-nums' }}
          />
        )}
        {table && (
          <ConsoleTable<T>
            size="small"
            rowKey={table.rowKey as string | ((row: T) => string)}
            pagination={false}
            dataSource={table.rows}
            columns={table.columns}
          />
        )}
        {children}
      </Card>
    </Col>
  );
}
