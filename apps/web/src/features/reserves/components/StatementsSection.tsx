import { STATEMENT_KINDS, type StatementKind } from '@ex/contract';
import { ApiError } from '@ex/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoDay } from '../../../lib/time.ts';
import { downloadMonthly, downloadStatement } from '../api/statements.ts';
import { rangeOf } from '../lib/dates.ts';
import '../reserves.css';

const DAY_MS = 86_400_000;

/**
 * Statement downloads on /My: one record kind for a date range as CSV or XLSX, and the monthly PDF.
 * The server checks the range again (422 with the reason); this only keeps obvious mistakes local.
 */
export function StatementsSection() {
  const { t } = useTranslation();
  const today = isoDay(Date.now());
  const [kind, setKind] = useState<StatementKind>('ledger');
  const [from, setFrom] = useState(isoDay(Date.now() - 30 * DAY_MS));
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [month, setMonth] = useState(today.slice(0, 7));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = (job: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    job()
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : t('reserves.exportFailed')))
      .finally(() => setBusy(false));
  };
  const range = rangeOf(from, to);

  return (
    <section className="por-card st-section" aria-labelledby="st-title">
      <h2 className="por-card__title" id="st-title">
        {t('reserves.statements')}
      </h2>
      <form
        className="st-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (range) run(() => downloadStatement(kind, range.from, range.to, format));
        }}
      >
        <label>
          {t('reserves.kind')}
          <select value={kind} onChange={(e) => setKind(e.target.value as StatementKind)}>
            {STATEMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`reserves.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('reserves.format')}
          <select value={format} onChange={(e) => setFormat(e.target.value as 'csv' | 'xlsx')}>
            <option value="csv">CSV</option>
            <option value="xlsx">XLSX</option>
          </select>
        </label>
        <label>
          {t('reserves.from')}
          <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {t('reserves.to')}
          <input type="date" value={to} min={from} max={today} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="submit" className="btn-ghost" disabled={busy || range === null}>
          {t('reserves.export')}
        </button>
      </form>
      <form
        className="st-form"
        onSubmit={(e) => {
          e.preventDefault();
          run(() => downloadMonthly(month));
        }}
      >
        <label>
          {t('reserves.month')}
          <input
            type="month"
            value={month}
            max={today.slice(0, 7)}
            onChange={(e) => setMonth(e.target.value)}
          />
        </label>
        <button type="submit" className="btn-ghost" disabled={busy || !/^\d{4}-\d{2}$/.test(month)}>
          {t('reserves.monthly')}
        </button>
        {error && (
          <p className="st-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
