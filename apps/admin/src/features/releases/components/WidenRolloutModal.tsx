import { InputNumber, Modal, Slider, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { tokens } from '../../../app/theme.ts';
import { formatPercent } from '../../../lib/format.ts';
import { type ReleaseRecord, useSetRollout } from '../api/releases.ts';

/**
 * Widening only: buckets are stable per device, so raising the percentage keeps every device that
 * already has the release and adds new ones. Narrowing would strand devices mid-rollout, so this
 * dialog does not offer it.
 */
export function WidenRolloutModal({
  release,
  onClose,
}: {
  release: ReleaseRecord | null;
  onClose: () => void;
}) {
  const current = release?.rollout_percent ?? 0;
  const [target, setTarget] = useState<number>(100);
  const setRollout = useSetRollout();
  // Reset on open, not after the opening animation: a value typed during it must not be overwritten.
  useEffect(() => {
    if (release) setTarget(100);
  }, [release]);
  const valid = Number.isInteger(target) && target > current && target <= 100;

  const confirm = () => {
    if (!release || !valid) return;
    setRollout.mutate({ id: release.id, rollout_percent: target }, { onSuccess: () => onClose() });
  };

  return (
    <Modal
      open={release !== null}
      title={
        release
          ? `Widen the rollout of ${release.version} (${release.platform === 'ios' ? 'iOS' : 'Android'})`
          : ''
      }
      okText={valid ? `Widen to ${formatPercent(target)}` : 'Widen'}
      okButtonProps={{ disabled: !valid, loading: setRollout.isPending }}
      cancelButtonProps={{ disabled: setRollout.isPending }}
      onOk={confirm}
      onCancel={() => !setRollout.isPending && onClose()}
      afterOpenChange={(visible) => !visible && setRollout.reset()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Now {formatPercent(current)} of devices get this release. Devices already inside keep it; the share
        below decides how many more join. This cannot be narrowed from here.
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
        <Slider
          min={0}
          max={100}
          value={target}
          onChange={(v) => setTarget(Math.max(v, current))}
          marks={{
            [current]: { label: formatPercent(current), style: { color: tokens.text2 } },
            100: formatPercent(100),
          }}
          style={{ flex: 1, margin: '0 8px 12px' }}
          tooltip={{ formatter: (v) => formatPercent(v ?? 0) }}
        />
        <InputNumber
          min={Math.min(current + 1, 100)}
          max={100}
          precision={0}
          value={target}
          onChange={(v) => setTarget(v ?? current)}
          suffix="%"
          style={{ width: 96 }}
          aria-label="New rollout percent"
        />
      </div>
      {valid && (
        <Space style={{ marginTop: 8 }}>
          <Typography.Text>
            About <Typography.Text strong>{formatPercent(target - current)}</Typography.Text> more devices
            will be offered {release?.version} on their next check.
          </Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
