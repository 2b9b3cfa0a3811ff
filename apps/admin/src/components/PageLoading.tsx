import { Spin } from 'antd';

/** Shown while a lazily loaded page's code arrives. */
export function PageLoading() {
  return (
    <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
