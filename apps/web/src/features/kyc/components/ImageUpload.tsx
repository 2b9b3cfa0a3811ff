import { ProgressBar } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.tsx';
import { formatPercent } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast.ts';
import { MAX_IMAGE_BYTES, UploadError, uploadImage } from '../api/kyc.ts';

interface Props {
  label: string;
  /** The uploaded path, or undefined while none. */
  value: string | undefined;
  onChange: (path: string | undefined) => void;
  error?: string | undefined;
}

/** A tile: tap to choose an image, see it at once (local preview) and the upload's progress. */
export function ImageUpload({ label, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const inputId = useId();
  const [preview, setPreview] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      showToast(t('kyc.form.tooLarge'), 2000);
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPreview(URL.createObjectURL(file));
    onChange(undefined);
    setProgress(0);
    try {
      const { path } = await uploadImage(file, setProgress, controller.signal);
      if (!controller.signal.aborted) onChange(path);
    } catch (e) {
      if (controller.signal.aborted) return;
      setPreview(undefined);
      const message = e instanceof UploadError && e.message ? e.message : t('kyc.form.uploadFailed');
      showToast(message, 2000);
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <div className={`kyc-upload ${error ? 'kyc-upload--error' : ''}`}>
      <label htmlFor={inputId} className="kyc-upload__tile" aria-busy={busy}>
        {preview ? (
          <img src={preview} alt={label} className="kyc-upload__img" />
        ) : (
          <span className="kyc-upload__empty">
            <CameraOutline fontSize={28} />
            <span>{t('kyc.form.tapToUpload')}</span>
          </span>
        )}
        {value && !busy && <span className="kyc-upload__badge">{t('kyc.form.replace')}</span>}
        {busy && (
          <span className="kyc-upload__progress">
            <ProgressBar percent={progress} />
            <span className="num">{t('kyc.form.uploading', { percent: formatPercent(progress, lang) })}</span>
          </span>
        )}
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="kyc-upload__input"
          aria-label={label}
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      <div className="kyc-upload__label">{label}</div>
      {error && <div className="kyc-upload__error">{error}</div>}
    </div>
  );
}
