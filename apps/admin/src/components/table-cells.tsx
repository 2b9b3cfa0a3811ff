import { Typography } from 'antd';
import { dateTime, formatUsdc, timeAgo } from '../lib/format.ts';

/** Table cells the console's lists share: render functions for antd columns. */

/** "3 minutes ago", with the exact time on hover. */
export const agoCell = (now: number) => (ms: number) => <span title={dateTime(ms)}>{timeAgo(ms, now)}</span>;

/** A USDC decimal string grouped without a float, in tabular digits; `unit` appends " USDC". */
export const usdcCell =
  (unit = true) =>
  (v: string) => (
    <span style={{ fontVariantNumeric: 'tabular-nums' }}>
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
