import type { IeoProject } from '@ex/contract';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/PageShell.tsx';
import { useIeoProjects } from '../api/ieo.ts';
import { ProjectCard } from '../components/ProjectCard.tsx';
import '../../exchange/exchange.css';

const GROUPS: { key: 'current' | 'upcoming' | 'past'; has: (p: IeoProject) => boolean }[] = [
  { key: 'current', has: (p) => p.status === 'subscribing' || p.status === 'drawing' },
  { key: 'upcoming', has: (p) => p.status === 'not_started' },
  { key: 'past', has: (p) => p.status === 'ended' || p.status === 'cancelled' },
];

/** /NewB: new coins, i.e. the IEO projects grouped into subscribing, upcoming and ended. */
export default function NewB() {
  const { t } = useTranslation();
  const { t: t1 } = useTranslation('earn1');
  const projects = useIeoProjects();
  const list = projects.data ?? [];
  return (
    <PageShell title={t('titles.newB')}>
      <div className="fx">
        {projects.isSuccess && list.length === 0 && <p className="fx-empty">{t1('ieo.noProjects')}</p>}
        {GROUPS.map(({ key, has }) => {
          const items = list.filter(has);
          if (items.length === 0) return null;
          return (
            <section key={key} aria-label={t1(`ieo.${key}`)}>
              <h2 className="fx-h2">{t1(`ieo.${key}`)}</h2>
              <div className="ieo-list">
                {items.map((p) => (
                  <ProjectCard key={p.id} p={p} />
                ))}
              </div>
            </section>
          );
        })}
      </div>
    </PageShell>
  );
}
