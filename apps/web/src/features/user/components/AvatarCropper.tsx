import { Button, Popup, Slider } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CropState,
  clampCrop,
  coverScale,
  MAX_ZOOM,
  MIN_ZOOM,
  OUTPUT_PX,
  sourceRect,
} from '../lib/crop.ts';

const VIEWPORT_PX = 240;

interface Props {
  file: File | null;
  onCancel(): void;
  onDone(blob: Blob): void;
  busy: boolean;
}

/**
 * Square crop of a chosen picture before upload: drag to move, slider to zoom. Only the cropped
 * 256 px square leaves the phone, so a 12 MP photo does not cost the user's data plan.
 */
export function AvatarCropper({ file, onCancel, onDone, busy }: Props) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string>();
  const [img, setImg] = useState<HTMLImageElement>();
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const drag = useRef<{ px: number; py: number; x: number; y: number }>(undefined);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setSrc(url);
    setImg(undefined);
    setCrop({ zoom: 1, x: 0, y: 0 });
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const w = img?.naturalWidth ?? 1;
  const h = img?.naturalHeight ?? 1;
  const c = clampCrop(crop, w, h, VIEWPORT_PX);
  const scale = coverScale(w, h, VIEWPORT_PX) * c.zoom;

  const finish = () => {
    if (!img) return;
    const [sx, sy, side] = sourceRect(c, w, h, VIEWPORT_PX);
    const canvas = document.createElement('canvas');
    canvas.width = OUTPUT_PX;
    canvas.height = OUTPUT_PX;
    canvas.getContext('2d')?.drawImage(img, sx, sy, side, side, 0, 0, OUTPUT_PX, OUTPUT_PX);
    canvas.toBlob((blob) => blob && onDone(blob), 'image/jpeg', 0.9);
  };

  return (
    <Popup
      visible={file !== null}
      onMaskClick={onCancel}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div className="sheet crop" role="dialog" aria-label={t('security.profile.cropTitle')}>
        <div className="sheet__title">{t('security.profile.cropTitle')}</div>
        <div
          className="crop__viewport"
          style={{ width: VIEWPORT_PX, height: VIEWPORT_PX }}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            drag.current = { px: e.clientX, py: e.clientY, x: c.x, y: c.y };
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            if (d) setCrop({ zoom: c.zoom, x: d.x + e.clientX - d.px, y: d.y + e.clientY - d.py });
          }}
          onPointerUp={() => {
            drag.current = undefined;
          }}
        >
          {src && (
            <img
              src={src}
              alt=""
              draggable={false}
              onLoad={(e) => setImg(e.currentTarget)}
              style={{
                width: w * scale,
                height: h * scale,
                transform: `translate(calc(-50% + ${c.x}px), calc(-50% + ${c.y}px))`,
              }}
            />
          )}
        </div>
        <div className="crop__zoom">
          <span className="muted">{t('security.profile.zoom')}</span>
          <Slider
            min={MIN_ZOOM * 100}
            max={MAX_ZOOM * 100}
            value={Math.round(c.zoom * 100)}
            onChange={(v) => setCrop({ ...c, zoom: (v as number) / 100 })}
          />
        </div>
        <div className="crop__actions">
          <Button onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button color="primary" onClick={finish} loading={busy} disabled={!img || busy}>
            {t('security.profile.use')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
