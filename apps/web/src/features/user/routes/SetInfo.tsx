import { Button, Form, List } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { PageShell } from '../../../components/PageShell.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { useUserInfo } from '../../../lib/queries.ts';
import { imageUrl } from '../../../lib/storage.ts';
import { useUpdateProfile, useUploadAvatar } from '../api/account.ts';
import { AvatarCropper } from '../components/AvatarCropper.tsx';
import '../security.css';
import { showToast } from '../../../lib/toast.ts';

const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** /SetInfo: nickname and avatar; the saved user goes straight into the cache, so /My shows it. */
export default function SetInfo() {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const [form] = Form.useForm<{ nickname: string }>();
  const profile = useUpdateProfile();
  const upload = useUploadAvatar();
  const [picked, setPicked] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const name = user?.nickname ?? '';
  const avatar = imageUrl(window.localStorage, user?.avatar);

  const choose = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!TYPES.includes(file.type) || file.size > MAX_BYTES) {
      showToast(t('security.profile.badFile'));
      return;
    }
    setPicked(file);
  };

  const saveAvatar = async (blob: Blob) => {
    try {
      const { path } = await upload.mutateAsync(blob);
      await profile.mutateAsync({ avatar: path });
      setPicked(null);
      showToast(t('security.profile.saved'), 2000, 'success');
    } catch {
      // The SDK has already shown the server's message; the cropper stays open to try again.
    }
  };

  const saveNickname = (values: { nickname: string }) => {
    profile.mutate(
      { nickname: values.nickname.trim() },
      {
        onSuccess: () => showToast(t('security.profile.saved'), 2000, 'success'),
        onError: (error) => showServerErrors(form, error, ['nickname']),
      },
    );
  };

  return (
    <PageShell title={t('titles.setInfo')} fallback="/Setting">
      <List className="link-list">
        <List.Item
          onClick={() => fileInput.current?.click()}
          extra={
            <span className="set-avatar" data-testid="avatar">
              {avatar ? <img src={avatar} alt="" /> : <span>{(name || 'U').slice(0, 1).toUpperCase()}</span>}
            </span>
          }
          arrow
        >
          {t('security.profile.avatar')}
        </List.Item>
      </List>
      <input
        ref={fileInput}
        type="file"
        accept={TYPES.join(',')}
        hidden
        aria-label={t('security.profile.changeAvatar')}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      {user && (
        <Form
          form={form}
          layout="vertical"
          className="auth-form sec-form"
          initialValues={{ nickname: name }}
          onFinish={saveNickname}
          footer={
            <Button block type="submit" color="primary" size="large" loading={profile.isPending}>
              {t('security.profile.save')}
            </Button>
          }
        >
          <Form.Item
            name="nickname"
            label={t('security.profile.nickname')}
            rules={[
              { required: true, whitespace: true, message: t('auth.required') },
              { max: 32, message: t('security.profile.nicknamePlaceholder') },
            ]}
          >
            <FieldInput maxLength={32} placeholder={t('security.profile.nicknamePlaceholder')} clearable />
          </Form.Item>
        </Form>
      )}
      <AvatarCropper
        file={picked}
        busy={upload.isPending || profile.isPending}
        onCancel={() => setPicked(null)}
        onDone={(blob) => void saveAvatar(blob)}
      />
    </PageShell>
  );
}
