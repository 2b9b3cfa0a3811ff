import { Button } from 'antd-mobile';
import { CheckCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';

/** The generic "done" screen a flow lands on after submitting. */
export default function Success() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageShell title={t('titles.success')}>
      <section className="result">
        <CheckCircleOutline fontSize={72} color="var(--up)" aria-hidden="true" />
        <h2 className="result__title">{t('success.title')}</h2>
        <p className="result__text">{t('success.text')}</p>
        <div className="result__actions">
          <Button color="primary" block onClick={() => navigate('/', { replace: true })}>
            {t('common.goHome')}
          </Button>
        </div>
      </section>
    </PageShell>
  );
}
