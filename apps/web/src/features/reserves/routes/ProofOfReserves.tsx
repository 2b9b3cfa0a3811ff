import type { LiabilityProof, SnapshotSummary } from '@ex/contract';
import type { Lang } from '@ex/i18n';
import { ApiError } from '@ex/sdk';
import { formatUnits, verifyProof } from '@ex/verify-liabilities';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { formatDecimal, formatPercent, formatUsdc } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useMyProof } from '../api/proof.ts';
import { downloadProofFile } from '../api/statements.ts';
import '../reserves.css';

/** The verifier's command line (not translated: typed as it stands). */
const VERIFY_COMMAND = 'npx @ex/verify-liabilities proof.json';

/** The proof's own leaf, re-checked here: the path is hashed up to the signed root in this browser. */
function Verdict({ proof, snapshot }: { proof: LiabilityProof; snapshot: SnapshotSummary }) {
  const { t } = useTranslation();
  // The key the proof must be signed with is the one published with the snapshot (ADR 140).
  const result = useMemo(
    () => verifyProof(proof, { expectedPublicKey: snapshot.public_key }),
    [proof, snapshot],
  );
  return (
    <div
      className={`por-verdict ${result.ok ? 'por-verdict--ok' : 'por-verdict--bad'}`}
      data-testid="proof-status"
      role="status"
    >
      {result.ok ? t('reserves.included') : t('reserves.notIncluded', { reason: result.reason })}
    </div>
  );
}

/**
 * An owed total in the overview (DESIGN.md "Numbers"): USDC with 2 decimals, other coins with up
 * to their 8, separators of the language. The exact strings are under "Exact figures".
 */
function overview(coin: string, value: string, lang: Lang): string {
  return coin === 'USDC'
    ? formatUsdc(value, lang)
    : formatDecimal(value, lang, { minFraction: 2, maxFraction: 8 });
}

function Mine({ proof }: { proof: LiabilityProof }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <section className="por-card">
      <h2 className="por-card__title">{t('reserves.yours')}</h2>
      <table className="por-table">
        <tbody>
          {proof.assets.map((a, i) => {
            // The leaf's balance to its last unit (what the proof file holds), grouped per language;
            // the raw decimal stays in data-value and the tooltip.
            const exact = formatUnits(proof.leaf.balances[i] ?? '0', a.scale);
            return (
              <tr key={a.coin} data-testid={`proof-balance-${a.coin}`}>
                <th scope="row">{a.coin}</th>
                <td className="num" data-value={exact} title={exact}>
                  {formatDecimal(exact, lang, { minFraction: a.scale, maxFraction: a.scale })}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function Reserve({ snapshot }: { snapshot: SnapshotSummary }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const r = snapshot.reserve;
  return (
    <section className="por-card">
      <h2 className="por-card__title">{t('reserves.reserveTitle')}</h2>
      <dl className="por-dl">
        <dt>{t('reserves.onChain')}</dt>
        <dd className="num" data-testid="reserve-onchain">
          {r.reserves === null ? t('reserves.unknown') : formatUsdc(r.reserves, lang)}
        </dd>
        <dt>{t('reserves.owed')}</dt>
        <dd className="num" data-testid="reserve-owed">
          {formatUsdc(r.liabilities, lang)}
        </dd>
        <dt>{t('reserves.ratio')}</dt>
        <dd className="num por-ratio" data-testid="reserve-ratio">
          {r.ratio_percent === null
            ? t('reserves.unknown')
            : formatPercent(r.ratio_percent, lang, { minFraction: 2, maxFraction: 2 })}
        </dd>
      </dl>
      {r.source === 'simulated' && <p className="por-note">{t('reserves.simulated')}</p>}
    </section>
  );
}

/** /ProofOfReserves: the latest signed root, the totals, the user's leaf and path, checked here. */
export default function ProofOfReserves() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const mine = useMyProof();
  const [downloading, setDownloading] = useState(false);
  const notPublished = mine.error instanceof ApiError && mine.error.code === 3200;

  const body = () => {
    if (mine.isPending) return <div className="sk por-sk" role="status" aria-label={t('common.loading')} />;
    if (notPublished) return <EmptyState text={t('reserves.none')} />;
    if (mine.isError || !mine.data)
      return (
        <EmptyState
          text={t('reserves.loadFailed')}
          action={
            <button type="button" className="btn-ghost" onClick={() => void mine.refetch()}>
              {t('reserves.retry')}
            </button>
          }
        />
      );
    const { snapshot, proof } = mine.data;
    return (
      <>
        {proof ? (
          <Verdict proof={proof} snapshot={snapshot} />
        ) : (
          <div className="por-verdict por-verdict--wait" data-testid="proof-status">
            {t('reserves.notInSnapshot')}
          </div>
        )}
        {proof && <Mine proof={proof} />}
        <Reserve snapshot={snapshot} />
        <section className="por-card">
          <h2 className="por-card__title">{t('reserves.totals')}</h2>
          <table className="por-table">
            <tbody>
              {snapshot.totals.map((x) => (
                <tr key={x.coin} data-testid={`proof-total-${x.coin}`}>
                  <th scope="row">{x.coin}</th>
                  <td className="num">{overview(x.coin, x.total, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <details className="por-path por-exact" data-testid="proof-exact">
            <summary>{t('reserves.exact')}</summary>
            <dl className="por-dl">
              {snapshot.totals.map((x) => (
                <Fragment key={x.coin}>
                  <dt>{x.coin}</dt>
                  <dd className="num">{x.total}</dd>
                </Fragment>
              ))}
              <dt>{t('reserves.onChain')}</dt>
              <dd className="num">{snapshot.reserve.reserves ?? t('reserves.unknown')}</dd>
              <dt>{t('reserves.owed')}</dt>
              <dd className="num">{snapshot.reserve.liabilities}</dd>
            </dl>
          </details>
        </section>
        <section className="por-card">
          <h2 className="por-card__title">{t('reserves.snapshot')}</h2>
          <dl className="por-dl por-dl--wide">
            <dt>{t('reserves.takenAt')}</dt>
            <dd className="num">{formatDateTime(snapshot.created_at, lang, { utc: true })} UTC</dd>
            <dt>{t('reserves.root')}</dt>
            <dd className="por-hash">{snapshot.root_hash}</dd>
            <dt>{t('reserves.publicKey')}</dt>
            <dd className="por-hash">{snapshot.public_key}</dd>
          </dl>
          {proof && (
            <details className="por-path">
              <summary>{t('reserves.path', { count: proof.path.length })}</summary>
              <ol>
                {proof.path.map((step, i) => (
                  // Steps have no identity of their own; their order is the path.
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
                  <li key={i} className="por-hash">
                    {step.side === 'left' ? '← ' : '→ '}
                    {step.hash}
                  </li>
                ))}
              </ol>
            </details>
          )}
        </section>
        {proof && (
          <section className="por-card">
            <button
              type="button"
              className="btn-ghost por-download"
              disabled={downloading}
              onClick={() => {
                setDownloading(true);
                downloadProofFile()
                  .catch(() => {})
                  .finally(() => setDownloading(false));
              }}
            >
              {t('reserves.download')}
            </button>
            {/* The command on a line of its own, never broken at its hyphen: it is typed as written. */}
            <p className="por-note">
              {t('reserves.cli')}
              <code className="por-cli" data-testid="proof-cli">
                {VERIFY_COMMAND}
              </code>
            </p>
          </section>
        )}
        <p className="por-note">{t('reserves.limits')}</p>
      </>
    );
  };

  return (
    <PageShell title={t('titles.proofOfReserves')} fallback="/My" className="por">
      <p className="por-intro">{t('reserves.intro')}</p>
      {body()}
    </PageShell>
  );
}
