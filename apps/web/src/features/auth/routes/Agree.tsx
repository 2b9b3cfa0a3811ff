import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../../components/PageShell.tsx';

/** Terms of Use and Privacy Policy; `?type=privacy` opens the second tab (linked from sign-up). */
export default function Agree() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('type') === 'privacy' ? 'privacy' : 'terms';
  const body = tab === 'privacy' ? t('agree.privacy') : t('agree.terms');
  return (
    <PageShell title={t('titles.agree')} fallback="/Login">
      <Tabs activeKey={tab} onChange={(key) => setParams({ type: key }, { replace: true })}>
        <Tabs.Tab key="terms" title={t('agree.termsTab')} />
        <Tabs.Tab key="privacy" title={t('agree.privacyTab')} />
      </Tabs>
      <article className="legal">
        <h2 className="legal__title">
          {tab === 'privacy' ? t('agree.privacyTitle') : t('agree.termsTitle')}
        </h2>
        <p className="legal__updated">{t('agree.updated')}</p>
        {body.split('\n\n').map((paragraph) => (
          <p key={paragraph.slice(0, 24)}>{paragraph}</p>
        ))}
      </article>
    </PageShell>
  );
}
