import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/PageShell.tsx';
import { useUserInfo } from '../../../lib/queries.ts';
import { BindForm } from '../components/BindForm.tsx';
import '../security.css';

/** /SetPhone: bind the phone, or change it with codes to the old and the new address. */
export default function SetPhone() {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  return (
    <PageShell title={t('titles.setPhone')} fallback="/Setting">
      {user && <BindForm type="phone" user={user} />}
    </PageShell>
  );
}
