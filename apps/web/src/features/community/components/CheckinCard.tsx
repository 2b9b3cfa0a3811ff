import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { formatWeekdayUtc } from '../../../lib/time.ts';
import { showToast } from '../../../lib/toast.ts';
import { useCheckIn, useCheckin } from '../api/community.ts';
import '../community.css';

/** Home's check-in card: points, level, streak, the last 7 UTC days and the one button. */
export function CheckinCard() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const status = useCheckin();
  const checkIn = useCheckIn();
  const s = status.data;
  if (status.isPending) return <div className="ci-card ci-card--loading" aria-busy="true" />;
  if (!s) return null;
  const done = s.checked_in_today;
  const onClick = () => {
    checkIn.mutate(undefined, {
      onSuccess: (r) => showToast(t('community.checkin.credited', { points: r.credited }), 2000, 'success'),
    });
  };
  return (
    <section className="ci-card" aria-labelledby="ci-title">
      <div className="ci-card__head">
        <div>
          <h2 id="ci-title" className="ci-card__title">
            {t('community.checkin.title')}
          </h2>
          <div className="ci-card__meta">
            <span className="ci-level">{t('community.checkin.level', { level: s.member_level })}</span>
            <span>{t('community.checkin.streak', { count: s.streak })}</span>
          </div>
        </div>
        <div className="ci-card__points">
          <span className="num" data-testid="checkin-points">
            {s.points}
          </span>
          <small>{t('community.checkin.points')}</small>
        </div>
      </div>
      <ol className="ci-strip">
        {s.days.map((d, i) => {
          const today = i === s.days.length - 1;
          const cls = d.checked ? 'ci-day ci-day--done' : today ? 'ci-day ci-day--today' : 'ci-day';
          return (
            <li key={d.date} className={cls} aria-current={today ? 'date' : undefined}>
              <span className="ci-day__badge">
                {d.checked ? (
                  <CheckOutline aria-label={t('community.checkin.done')} />
                ) : today ? (
                  t('community.checkin.reward', { points: s.next_points })
                ) : (
                  '–'
                )}
              </span>
              <span className="ci-day__label">{formatWeekdayUtc(d.date, lang)}</span>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="ci-btn"
        disabled={done || checkIn.isPending}
        onClick={onClick}
        data-testid="checkin-button"
      >
        {done ? t('community.checkin.done') : t('community.checkin.button')}
      </button>
      <p className="ci-card__hint">
        {s.next_level_points === null
          ? t('community.checkin.topLevel')
          : t('community.checkin.nextLevel', { points: s.next_level_points })}
        {' · '}
        {t('community.checkin.resets')}
      </p>
    </section>
  );
}
