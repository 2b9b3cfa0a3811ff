import { LANGS, type Lang } from '@ex/i18n';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { codeLabel, dateTime, formatUsdc, PLACEHOLDER, timeAgo } from '../lib/format.ts';
import { LANG_CODES, LANG_LABELS } from '../lib/langs.ts';

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

/**
 * The same absolute time on two lines, date over time, for a narrow column (the IEO list's start
 * and end): "21/11/2026," wraps before "20:57:35" either way, this way always at the same place.
 */
export const dateTimeStackCell = (ms: unknown) => {
  const at = dateTime(ms);
  const cut = at.indexOf(', ');
  if (cut < 0) return <span style={NUM_STYLE}>{at}</span>;
  return (
    <span style={{ ...NUM_STYLE, display: 'inline-block' }} title={at}>
      {at.slice(0, cut)}
      <br />
      {at.slice(cut + 2)}
    </span>
  );
};

/**
 * An API code (an enum value such as "not_started", "perp", "buy") as a coloured tag with words
 * for the operator: the page's own label when it has one, else `codeLabel` ("Not started"). Never
 * the raw code; "--" for a missing one.
 */
export function CodeTag({
  code,
  color,
  labels,
}: {
  code: string | null | undefined;
  color?: Readonly<Record<string, string>> | string;
  labels?: Readonly<Record<string, string>>;
}) {
  if (typeof code !== 'string' || code === '') return <>{PLACEHOLDER}</>;
  const tone = typeof color === 'string' ? color : color?.[code];
  return <Tag color={tone}>{labels?.[code] ?? codeLabel(code)}</Tag>;
}

/** The languages a text has, as short tags ("DE", "简中"), each with its full name on hover. */
export const LangTags = ({ langs }: { langs: readonly Lang[] }) =>
  langs.map((l) => (
    <Tag key={l} title={LANG_LABELS[l]} style={{ marginBottom: 2 }}>
      {LANG_CODES[l]}
    </Tag>
  ));

/** Buy and long green, sell and short red (DESIGN.md's up and down colours). */
export const SIDE_COLOR: Readonly<Record<string, string>> = {
  buy: 'green',
  long: 'green',
  sell: 'red',
  short: 'red',
};

/** An order's or position's side as a coloured tag: "Buy", "Sell", "Long", "Short". */
export const SideTag = ({ side }: { side: string | null | undefined }) => (
  <CodeTag code={side} color={SIDE_COLOR} />
);

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

/** Which languages an operator text has its own version in, e.g. "de, en, fr"; "record only" when none (ADR 243). */
export function languagesOf(texts: Partial<Record<string, string>> | undefined): string {
  const langs = Object.keys(texts ?? {});
  return langs.length > 0 ? langs.join(', ') : 'record only';
}

/**
 * Which languages an operator text has its own version in, in the short codes of the console's
 * tags: "All 7 languages", "DE, EN, 简中", or "Text of record only" (ADR 243).
 */
export function langSummary(texts: Partial<Record<string, string>> | undefined): string {
  const langs = LANGS.filter((l) => texts?.[l] !== undefined);
  if (langs.length === LANGS.length) return `All ${LANGS.length} languages`;
  return langs.length > 0 ? langs.map((l) => LANG_CODES[l]).join(', ') : 'Text of record only';
}

/**
 * The text of record over the languages it has its own version in (ADR 243), for a list's title
 * cell; the full names on hover.
 */
export const TextWithLangs = ({ text, texts }: { text: string; texts?: Partial<Record<string, string>> }) => (
  <>
    {text}
    <div>
      <Typography.Text
        type="secondary"
        style={{ fontSize: 12 }}
        title={LANGS.filter((l) => texts?.[l] !== undefined)
          .map((l) => LANG_LABELS[l])
          .join(', ')}
      >
        {langSummary(texts)}
      </Typography.Text>
    </div>
  </>
);
