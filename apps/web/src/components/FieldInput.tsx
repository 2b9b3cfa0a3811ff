import {
  Input,
  type InputProps,
  type InputRef,
  TextArea,
  type TextAreaProps,
  type TextAreaRef,
} from 'antd-mobile';
import { type Ref, type RefObject, useId, useImperativeHandle, useLayoutEffect, useRef } from 'react';

type Props = InputProps & { ref?: Ref<InputRef> };
type AreaProps = TextAreaProps & { ref?: Ref<TextAreaRef> };

const setOrRemove = (el: HTMLElement, name: string, value: string | null) => {
  if (value === null) el.removeAttribute(name);
  else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
};

/**
 * `aria-invalid` and `aria-describedby` on the native element of `field` (the `<input>` or
 * `<textarea>` antd renders), from the props when the form shows its own errors, else from the
 * error lines of the antd `Form.Item` around it.
 */
function useFieldAria(
  field: RefObject<{ nativeElement: HTMLInputElement | HTMLTextAreaElement | null } | null>,
  invalid: Props['aria-invalid'],
  describedBy: string | undefined,
) {
  const fallbackId = useId();
  const ownErrors = invalid !== undefined || describedBy !== undefined;
  // antd renders the element itself and takes no props for these, so they are set on the element.
  useLayoutEffect(() => {
    const el = field.current?.nativeElement;
    if (!el || !ownErrors) return;
    setOrRemove(el, 'aria-invalid', invalid === true || invalid === 'true' ? 'true' : null);
    setOrRemove(el, 'aria-describedby', describedBy || null);
  }, [field, ownErrors, invalid, describedBy]);
  useLayoutEffect(() => {
    const el = field.current?.nativeElement;
    const item = el?.closest('.adm-form-item');
    if (!el || !item || ownErrors) return;
    const sync = () => {
      const errors = [...item.querySelectorAll<HTMLElement>('.adm-form-item-feedback-error')];
      errors.forEach((e, i) => {
        if (!e.id) e.id = `${el.id || fallbackId}-error-${i}`;
      });
      setOrRemove(el, 'aria-invalid', errors.length > 0 ? 'true' : null);
      setOrRemove(el, 'aria-describedby', errors.length > 0 ? errors.map((e) => e.id).join(' ') : null);
    };
    sync();
    // The item redraws its error lines without redrawing its field (antd memoises the child).
    const watch = new MutationObserver(sync);
    watch.observe(item, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [field, ownErrors, fallbackId]);
}

/**
 * antd-mobile's Input for the app's forms, with `aria-invalid` and `aria-describedby` on the
 * `<input>` itself. antd-mobile hands every `aria-*` prop but `aria-label` to its wrapper `<div>`
 * (`withNativeProps`), where a screen reader never looks: an invalid field was announced as valid
 * and without its error.
 *
 * - A form that shows its own errors passes `aria-invalid` (true while the field shows an error)
 *   and `aria-describedby` (the id of the error text).
 * - Inside an antd `Form.Item` without those props, the item's error lines decide: while it shows
 *   one, the `<input>` is invalid and described by them (they get ids).
 *
 * Everything else is antd's Input as before.
 */
export function FieldInput({
  ref,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  ...props
}: Props) {
  const inner = useRef<InputRef>(null);
  useImperativeHandle(ref, () => inner.current as InputRef, []);
  useFieldAria(inner, invalid, describedBy);
  return <Input ref={inner} {...props} />;
}

/**
 * antd-mobile's TextArea with the same treatment as `FieldInput` (it too hands `aria-*` to its
 * wrapper): the `<textarea>` is the element marked invalid and described by its error.
 */
export function FieldTextArea({
  ref,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  ...props
}: AreaProps) {
  const inner = useRef<TextAreaRef>(null);
  useImperativeHandle(ref, () => inner.current as TextAreaRef, []);
  useFieldAria(inner, invalid, describedBy);
  return <TextArea ref={inner} {...props} />;
}
