import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { dateTime, formatUsdc, timeAgo } from '../lib/format.ts';

/** Table cells the console's lists share: render functions for antd columns. */

/** How a figure sits in a table cell or a line of figures: tabular digits, never wrapped. */
export const NUM_STYLE = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A formatted figure (from lib/format.ts) in tabular digits, e.g. <Num>1,000,000.00 SOL</Num>. */
export const Num = ({ children }: { children: ReactNode }) => <span style={NUM_STYLE}>{children}</span>;

/** "3 minutes ago", with the exact time on hover. */
export const agoCell = (now: number) => (ms: number) => <span title={dateTime(ms)}>{timeAgo(ms, now)}</span>;

/**
 * An absolute local time in a detail's table (DESIGN.md: absolute in details), in tabular digits so
 * a column of them lines up; "--" for a missing or malformed value.
 */
export const dateTimeCell = (ms: unknown) => <span style={NUM_STYLE}>{dateTime(ms)}</span>;

/** A USDC decimal string grouped without a float, in tabular digits; `unit` appends " USDC". */
export const usdcCell =
  (unit = true) =>
  (v: string) => (
    <span style={NUM_STYLE}>
      {formatUsdc(v)}
      {unit && ' USDC'}
    </span>
  );

/** A long identifier (address, transaction id) shortened to its head (and tail), copyable whole. */
export const codeCell =
  (head: number, tail = 0) =>
  (v: string) => (
    <Typography.Text code copyable={{ text: v }} title={v}>
      {tail > 0 ? `${v.slice(0, head)}…${v.slice(-tail)}` : `${v.slice(0, head)}…`}
    </Typography.Text>
  );
