import { useState } from 'react';
import { FieldInput } from '../../../components/FieldInput.tsx';
import { VisibilityToggle } from './auth-form.tsx';

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
  const [visible, setVisible] = useState(false);
  return (
    <div className="field-row">
      <FieldInput
        id={id}
        className="field-row__input"
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        aria-label={placeholder}
      />
      <VisibilityToggle visible={visible} onToggle={() => setVisible((v) => !v)} />
    </div>
  );
}
