import { Card, Empty, Typography } from 'antd';

/** Sections whose API arrives with later issues: the menu entry exists so the layout is final. */
export function ComingSoon({ title, purpose }: { title: string; purpose: string }) {
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{purpose}</Typography.Paragraph>
      <Card>
        <Empty description="This section is coming with the next release of the console." />
      </Card>
    </>
  );
}
