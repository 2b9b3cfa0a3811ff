import { ActionSheet, Button, CheckList, List, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../../app/lang-context.tsx';
import { confirmDialog } from '../../../app/lazy-overlays.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { applyColorMode, type ColorMode, storedColorMode } from '../../../lib/color-mode.ts';
import { LANG_NAMES, LANGS, type Lang } from '../../../lib/lang.ts';
import { useUserInfo } from '../../../lib/queries.ts';
import { showToast } from '../../../lib/toast.ts';
import { useTotpStatus } from '../../security/api/security.ts';
import { useLogout } from '../api/logout.ts';
import { maskAccount } from '../components/mask.ts';

declare const __APP_VERSION__: string;

export default function Setting() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lang, setLang } = useLang();
  const user = useUserInfo().data;
  const totp = useTotpStatus().data;
  const logout = useLogout();
  const [langOpen, setLangOpen] = useState(false);
  const [colorsOpen, setColorsOpen] = useState(false);
  const [colors, setColors] = useState<ColorMode>(() => storedColorMode(window.localStorage));

  const chooseColors = (mode: ColorMode) => {
    applyColorMode(window.localStorage, document, mode);
    setColors(mode);
    setColorsOpen(false);
  };

  const confirmLogout = async () => {
    const ok = await confirmDialog({
      content: t('setting.logoutConfirm'),
      // Leaving is the destructive choice here: red, with the neutral way out in plain text.
      confirmText: <span className="down">{t('setting.logout')}</span>,
      cancelText: <span className="dialog-cancel">{t('common.cancel')}</span>,
    });
    if (!ok) return;
    logout.mutate(undefined, {
      onSettled: () => {
        showToast(t('setting.loggedOut'), 2000);
        navigate('/Login', { replace: true });
      },
    });
  };

  const notBound = <span className="muted">{t('setting.notBound')}</span>;

  return (
    <PageShell title={t('titles.setting')} fallback="/My">
      <List className="link-list" header={t('setting.general')}>
        <List.Item extra={LANG_NAMES[lang]} onClick={() => setLangOpen(true)} arrow>
          {t('setting.language')}
        </List.Item>
        <List.Item
          extra={colors === 'red-up' ? t('setting.redUp') : t('setting.greenUp')}
          onClick={() => setColorsOpen(true)}
          arrow
        >
          {t('setting.colors')}
        </List.Item>
      </List>

      <List className="link-list" header={t('setting.security')}>
        <List.Item onClick={() => navigate('/SetInfo')} arrow>
          {t('setting.profile')}
        </List.Item>
        <List.Item onClick={() => navigate('/ChangePwd')} arrow>
          {t('setting.changePwd')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/ChangePwd?type=trade')}
          extra={
            user ? (
              <span className={user.has_trade_password ? 'muted' : 'warn-text'}>
                {user.has_trade_password ? t('setting.tradePwdSet') : t('setting.tradePwdNotSet')}
              </span>
            ) : null
          }
          arrow
        >
          {t('setting.tradePwd')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/SetEmail')}
          extra={user?.email ? maskAccount(user.email) : notBound}
          arrow
        >
          {t('setting.email')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/SetPhone')}
          extra={user?.phone ? `${user.area_code ?? ''} ${maskAccount(user.phone)}` : notBound}
          arrow
        >
          {t('setting.phone')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/RealName')}
          extra={
            user ? (
              <span className={user.verified ? 'up' : 'warn-text'}>
                {user.verified ? t('my.verified') : t('my.unverified')}
              </span>
            ) : null
          }
          arrow
        >
          {t('setting.kyc')}
        </List.Item>
        <List.Item onClick={() => navigate('/BankCard')} arrow>
          {t('kyc.bank.manage')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/TwoFactor')}
          extra={
            totp ? (
              <span className={totp.enabled ? 'up' : 'warn-text'}>
                {totp.enabled ? t('security.twofa.on') : t('security.twofa.off')}
              </span>
            ) : null
          }
          arrow
        >
          {t('titles.twoFactor')}
        </List.Item>
        <List.Item onClick={() => navigate('/AddressBook')} arrow>
          {t('titles.addressBook')}
        </List.Item>
        <List.Item onClick={() => navigate('/AntiPhishing')} arrow>
          {t('titles.antiPhishing')}
        </List.Item>
        <List.Item onClick={() => navigate('/ApiKeys')} arrow>
          {t('titles.apiKeys')}
        </List.Item>
        <List.Item onClick={() => navigate('/Devices')} arrow>
          {t('titles.devices')}
        </List.Item>
        <List.Item onClick={() => navigate('/Privacy')} arrow>
          {t('titles.privacy')}
        </List.Item>
      </List>

      <List className="link-list" header={t('common.more')}>
        <List.Item onClick={() => navigate('/Agree')} arrow>
          {t('setting.agreement')}
        </List.Item>
        <List.Item extra={<span className="num">{__APP_VERSION__}</span>}>{t('setting.version')}</List.Item>
      </List>

      <div className="setting-logout">
        <Button
          block
          color="danger"
          fill="outline"
          size="large"
          loading={logout.isPending}
          onClick={confirmLogout}
        >
          {t('setting.logout')}
        </Button>
      </div>

      <Popup
        visible={langOpen}
        onMaskClick={() => setLangOpen(false)}
        onClose={() => setLangOpen(false)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      >
        <div className="sheet" role="dialog" aria-label={t('setting.language')}>
          <div className="sheet__title">{t('setting.language')}</div>
          <CheckList
            value={[lang]}
            onChange={(v) => {
              const next = v[0] as Lang | undefined;
              if (next) setLang(next);
              setLangOpen(false);
            }}
          >
            {LANGS.map((l) => (
              <CheckList.Item key={l} value={l}>
                <span lang={l.replace('_', '-')}>{LANG_NAMES[l]}</span>
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Popup>

      <ActionSheet
        visible={colorsOpen}
        onClose={() => setColorsOpen(false)}
        cancelText={t('common.cancel')}
        actions={[
          { key: 'green-up', text: t('setting.greenUp'), onClick: () => chooseColors('green-up') },
          { key: 'red-up', text: t('setting.redUp'), onClick: () => chooseColors('red-up') },
        ]}
      />
    </PageShell>
  );
}
