import type { InputProps } from 'antd-mobile';
import type { ReactNode } from 'react';
import { FieldInput } from '../../../components/FieldInput.tsx';

type Props = Omit<InputProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?(value: string): void;
  /** Sits on the same line as the input (send-code button, captcha image). */
  action: ReactNode;
};

/**
 * An input with a button beside it, as one Form.Item child: Form.Item's own `extra` slot centres
 * on label + input together and so sits higher than the input.
 */
export function InputWithAction({ action, value, onChange, ...input }: Props) {
  return (
    <div className="input-action">
      <FieldInput {...input} value={value} onChange={onChange} />
      {action}
    </div>
  );
}
