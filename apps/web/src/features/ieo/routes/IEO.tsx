import { isApiError, isValidationError } from '@ex/sdk';
import { Button } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { serverRefusal } from '../../../lib/form-errors.ts';
import { formatDecimal, formatPercent, withUnit } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { coinScale, normaliseAmount, toUnits } from '../../exchange/lib/amount.ts';
import { formatExactAmount, formatExactRange } from '../../wallet/lib/list-amount.ts';
import { useIeoProject, useIeoProjects, useSubscribe } from '../api/ieo.ts';
import { ProjectCard } from '../components/ProjectCard.tsx';
import { formatPriceRange } from '../lib/price-range.ts';
import '../../exchange/exchange.css';
import { showToast } from '../../../lib/toast.ts';

/** USDC cost of a quantity, rounded up like the server (ADR 077). */
function costOf(quantity: string, unitPrice: string, coin: string): string | null {
  const scale = coinScale(coin);
  const q = toUnits(normaliseAmount(quantity), scale);
  const p = toUnits(unitPrice, 6);
  if (q === null || p === null || q === 0n) return null;
  const one = 10n ** BigInt(scale);
  const units = (q * p + one - 1n) / one;
  const s = units.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`;
}

/** /IEO?id=: one project with its dates and the subscription form; without an id the open ones. */
export default function IEO() {
  const { t } = useTranslation();
  const { t: t1 } = useTranslation('earn1');
  const { lang } = useLang();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const project = useIeoProject(id);
  const all = useIeoProjects();
  const subscribe = useSubscribe(id);
  const qtyId = useId();
  const [qty, setQty] = useState('');
  const [error, setError] = useState<string | undefined>();
  const busy = useRef(false);
  const historyLink = (
    <Link to="/IEOHis" className="icon-btn" aria-label={t('titles.ieoHis')}>
      <UnorderedListOutline fontSize={20} />
    </Link>
  );

  if (id === '') {
    const open = (all.data ?? []).filter((p) => p.status === 'subscribing' || p.status === 'not_started');
    return (
      <PageShell title={t('titles.ieo')} right={historyLink}>
        <div className="fx">
          {all.isSuccess && open.length === 0 && <p className="fx-empty">{t1('ieo.noProjects')}</p>}
          <div className="ieo-list">
            {open.map((p) => (
              <ProjectCard key={p.id} p={p} />
            ))}
          </div>
        </div>
      </PageShell>
    );
  }

  const p = project.data;
  const cost = p ? costOf(qty, p.unit_price, p.coin) : null;
  const submit = async () => {
    if (!p || busy.current) return;
    busy.current = true;
    setError(undefined);
    try {
      await subscribe.mutateAsync(normaliseAmount(qty));
      setQty('');
      showToast(t1('ieo.subscribed'), 2000, 'success');
    } catch (err) {
      if (isValidationError(err)) setError(Object.values(err.errors)[0]?.[0]);
      // The call is quiet: a refusal (sent with its HTTP status, `kind: 'http'`) or no answer
      // shows here, under the quantity.
      else setError(serverRefusal(err)?.message ?? (isApiError(err) ? err.message : undefined));
    } finally {
      busy.current = false;
    }
  };
  // Exact, with at least 2 decimals (ADR 271): the same figures as the /NewB and /IEO list cards
  // ("1,000,000.00 SOL", "50.00 USDC"), never rounded.
  const rows: [string, string][] = p
    ? [
        [t1('ieo.issueAmount'), withUnit(formatExactAmount(p.issue_amount, lang), p.coin)],
        [t1('ieo.unitPrice'), withUnit(formatExactAmount(p.unit_price, lang), 'USDC')],
        [t1('ieo.priceRange'), formatPriceRange(p.price_range, lang)],
        [t1('ieo.progress'), formatPercent(p.progress, lang, { minFraction: 2, maxFraction: 2 })],
        // In the project's coin, as the issue amount above it ("10 – 100,000" read as a bare range).
        [t1('ieo.limits'), formatExactRange(p.min_quantity, p.max_quantity, p.coin, lang)],
        [t1('ieo.start'), formatDateTime(p.start_at, lang)],
        [t1('ieo.end'), formatDateTime(p.end_at, lang)],
        [t1('ieo.listing'), formatDateTime(p.listing_at, lang)],
        [t1('ieo.announcement'), formatDateTime(p.announcement_at, lang)],
        [t1('ieo.expectedReturn'), p.expected_return || '--'],
      ]
    : [];
  return (
    <PageShell title={t('titles.ieo')} fallback="/NewB" right={historyLink}>
      {p && (
        <div className="fx">
          <div className="ieo-card__head">
            <span className="ieo-coin">{p.coin}</span>
            <span className="ieo-name">{p.name}</span>
            <span className={`ieo-state ieo-state--${p.status}`}>{t1(`ieo.status.${p.status}`)}</span>
          </div>
          <div className="ieo-progress">
            <div className="ieo-progress__bar" style={{ width: `${p.progress}%` }} />
          </div>
          <dl className="fx-dl fx-card num">
            {rows.map(([k, v]) => (
              <div key={k} className="ieo-dlrow">
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
            {p.white_paper && (
              <div className="ieo-dlrow">
                <dt>{t1('ieo.whitePaper')}</dt>
                <dd>
                  <a href={p.white_paper} target="_blank" rel="noreferrer noopener">
                    PDF
                  </a>
                </dd>
              </div>
            )}
          </dl>
          {p.description && <p className="ieo-desc">{p.description}</p>}
          {p.status === 'subscribing' && (
            <section className="fx-card" aria-label={t1('ieo.subscribe')}>
              <div className="fx-card__row">
                <label htmlFor={qtyId} className="fx-coin">
                  {t1('ieo.quantity')}
                </label>
                <FieldInput
                  id={qtyId}
                  aria-invalid={error !== undefined}
                  aria-describedby={error ? `${qtyId}-error` : undefined}
                  className="fx-input num"
                  inputMode="decimal"
                  placeholder={formatDecimal(p.min_quantity, lang)}
                  value={qty}
                  onChange={(v) => {
                    setQty(v);
                    setError(undefined);
                  }}
                />
              </div>
              <div className="ieo-kv num">
                <span>{t1('ieo.amount')}</span>
                <span>
                  {cost
                    ? withUnit(formatDecimal(cost, lang, { minFraction: 2, maxFraction: 6 }), 'USDC')
                    : '--'}
                </span>
              </div>
              {error && (
                <p id={`${qtyId}-error`} className="fx-error" role="alert">
                  {error}
                </p>
              )}
              <Button
                block
                color="primary"
                size="large"
                disabled={cost === null}
                loading={subscribe.isPending}
                onClick={submit}
              >
                {t1('ieo.subscribe')}
              </Button>
            </section>
          )}
        </div>
      )}
    </PageShell>
  );
}
