import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value?: string;
  onChange?(value: string): void;
  placeholder?: string;
  autoComplete?: string;
  id?: string;
}

/** A password field with a show/hide toggle (Form.Item passes value/onChange). */
export function PasswordInput({
  value,
  onChange,
  placeholder,
  autoComplete = 'current-password',
  id,
}: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field-row">
      <Input
        id={id}
        className="field-row__input"
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        aria-label={placeholder}
      />
      <button
        type="button"
        className="icon-btn"
        onClick={() => setVisible((v) => !v)}
        aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
        aria-pressed={visible}
      >
        {visible ? <EyeOutline fontSize={18} /> : <EyeInvisibleOutline fontSize={18} />}
      </button>
    </div>
  );
}
