import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SoonGroup, TitleKey } from '../app/routes.ts';
import { ComingSoon } from './ComingSoon.tsx';
import { PageShell } from './PageShell.tsx';

/** A standalone route that a later issue fills: its real title and navigation, and what comes. */
export function ComingSoonPage({ title, group }: { title: TitleKey; group: SoonGroup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageShell title={t(`titles.${title}`)}>
      <ComingSoon
        group={group}
        actions={
          <>
            <Button color="primary" block onClick={() => navigate('/')}>
              {t('common.goHome')}
            </Button>
            <Button block fill="outline" onClick={() => navigate('/Transaction')}>
              {t('common.openMarkets')}
            </Button>
          </>
        }
      />
    </PageShell>
  );
}
