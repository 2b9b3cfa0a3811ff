import { Input, type InputProps, type InputRef } from 'antd-mobile';
import { type Ref, useImperativeHandle, useLayoutEffect, useRef } from 'react';

type Props = InputProps & { ref?: Ref<InputRef> };

/**
 * antd-mobile's Input for the app's forms, with `aria-invalid` and `aria-describedby` on the
 * `<input>` itself. antd-mobile hands every `aria-*` prop but `aria-label` to its wrapper `<div>`
 * (`withNativeProps`), where a screen reader never looks: an invalid field was announced as valid
 * and without its error. Give it `aria-invalid` (true while the field shows an error) and
 * `aria-describedby` (the id of the error text); everything else is antd's Input as before.
 */
export function FieldInput({
  ref,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  ...props
}: Props) {
  const inner = useRef<InputRef>(null);
  useImperativeHandle(ref, () => inner.current as InputRef, []);
  // antd renders the <input> itself and takes no props for these, so they are set on the element.
  useLayoutEffect(() => {
    const el = inner.current?.nativeElement;
    if (!el) return;
    if (invalid === true || invalid === 'true') el.setAttribute('aria-invalid', 'true');
    else el.removeAttribute('aria-invalid');
    if (describedBy) el.setAttribute('aria-describedby', describedBy);
    else el.removeAttribute('aria-describedby');
  }, [invalid, describedBy]);
  return <Input ref={inner} {...props} />;
}
