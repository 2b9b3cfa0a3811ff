import type { IeoProject } from '@ex/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { formatPercent, withUnit } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { formatExactAmount, formatListAmountWithCoin } from '../../wallet/lib/list-amount.ts';

/** A project row of /NewB: coin, state, unit price, progress and the subscription window. */
export function ProjectCard({ p }: { p: IeoProject }) {
  const { t: t1 } = useTranslation('earn1');
  const { lang } = useLang();
  return (
    <Link to={`/IEO?id=${encodeURIComponent(p.id)}`} className="ieo-card">
      <div className="ieo-card__head">
        <span className="ieo-coin">{p.coin}</span>
        <span className="ieo-name">{p.name}</span>
        <span className={`ieo-state ieo-state--${p.status}`}>{t1(`ieo.status.${p.status}`)}</span>
      </div>
      <div className="ieo-kv num">
        <span>{t1('ieo.unitPrice')}</span>
        <span>{withUnit(formatExactAmount(p.unit_price, lang), 'USDC')}</span>
      </div>
      <div className="ieo-kv num">
        <span>{t1('ieo.issueAmount')}</span>
        <span>{formatListAmountWithCoin(p.issue_amount, p.coin, lang)}</span>
      </div>
      <div className="ieo-progress">
        <div className="ieo-progress__bar" style={{ width: `${p.progress}%` }} />
      </div>
      <div className="ieo-kv ieo-kv--small num">
        <span>{formatDateTime(p.start_at, lang)}</span>
        <span>{formatPercent(p.progress, lang, { minFraction: 2, maxFraction: 2 })}</span>
        <span>{formatDateTime(p.end_at, lang)}</span>
      </div>
    </Link>
  );
}
