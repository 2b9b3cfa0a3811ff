import type { Poll } from '@ex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { api } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/time.ts';
import '../../ai/ai.css';
import '../vote.css';
import { showToast } from '../../../lib/toast.ts';

const STATE_CLASS: Record<Poll['state'], string> = {
  open: ' ai-status--active',
  upcoming: ' ai-status--redeemed',
  closed: '',
};

function PollCard({ p }: { p: Poll }) {
  const { t: t2 } = useTranslation('earn2');
  const { lang } = useLang();
  const qc = useQueryClient();
  const [choice, setChoice] = useState<number | null>(null);
  const vote = useMutation({
    mutationFn: (option: number) => api.vote.vote(p.id, option),
    onSuccess: () => {
      showToast(t2('vote.thanks'));
      void qc.invalidateQueries({ queryKey: ['vote'] });
    },
  });
  const total = p.options.reduce((s, o) => s + o.votes, 0);
  const showResults = p.my_option !== null || p.state === 'closed';
  return (
    <article className="ai-card" data-testid="poll">
      <div className="ai-card__head">
        <span className="ai-card__name">{p.title}</span>
        {/* Open in the brand colour, not started in warn (DESIGN tokens), ended neutral grey: an
            ended poll needs no attention. */}
        <span className={`ai-status${STATE_CLASS[p.state]}`}>{t2(`vote.${p.state}`)}</span>
      </div>
      {p.description && <p className="ai-intro">{p.description}</p>}
      <div className="ai-status">
        {p.state === 'upcoming'
          ? t2('vote.since', { date: formatDate(p.starts_at, lang, { utc: true }) })
          : t2('vote.until', { date: formatDate(p.ends_at, lang, { utc: true }) })}
      </div>
      <div className="vt-options">
        {p.options.map((o) => {
          // Integer percent for the bar width only; no money involved.
          const pct = total === 0 ? 0 : Math.round((o.votes * 100) / total);
          return (
            <button
              key={o.id}
              type="button"
              aria-pressed={(p.my_option ?? choice) === o.id}
              className={`vt-option${(p.my_option ?? choice) === o.id ? ' vt-option--chosen' : ''}`}
              disabled={showResults || p.state !== 'open'}
              onClick={() => setChoice(o.id)}
            >
              {showResults && <span className="vt-bar" style={{ width: `${pct}%` }} />}
              <span className="vt-label">
                {o.label}
                {p.my_option === o.id && <span className="vt-mine"> · {t2('vote.voted')}</span>}
              </span>
              {showResults && <span className="vt-count num">{t2('vote.votes', { count: o.votes })}</span>}
            </button>
          );
        })}
      </div>
      {!showResults && p.state === 'open' && (
        <button
          type="button"
          className="ai-btn"
          disabled={choice === null || vote.isPending}
          onClick={() => choice !== null && vote.mutate(choice)}
        >
          {t2('vote.vote')}
        </button>
      )}
    </article>
  );
}

/** /Vote: operator polls; one vote per user inside the poll's window. */
export default function Vote() {
  const { t } = useTranslation();
  const { t: t2 } = useTranslation('earn2');
  const q = useQuery({ queryKey: ['vote'], queryFn: ({ signal }) => api.vote.polls({ signal }) });
  return (
    <PageShell title={t('titles.vote')}>
      <PullRefresh onRefresh={() => q.refetch()}>
        <div className="ai-page">
          <p className="ai-intro">{t2('vote.intro')}</p>
          {q.isPending ? (
            <div className="ai-skeleton" aria-busy="true" />
          ) : (q.data ?? []).length === 0 ? (
            <EmptyState text={t2('vote.empty')} />
          ) : (
            (q.data ?? []).map((p) => <PollCard key={p.id} p={p} />)
          )}
        </div>
      </PullRefresh>
    </PageShell>
  );
}
