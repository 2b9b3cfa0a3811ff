import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/PageShell.tsx';
import { useUserInfo } from '../../../lib/queries.ts';
import { BindForm } from '../components/BindForm.tsx';
import '../security.css';

/** /SetEmail: bind the email, or change it with codes to the old and the new address. */
export default function SetEmail() {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  return (
    <PageShell title={t('titles.setEmail')} fallback="/Setting">
      {user && <BindForm type="email" user={user} />}
    </PageShell>
  );
}
