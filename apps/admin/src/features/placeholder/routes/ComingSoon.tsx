import { Card, Empty, Typography } from 'antd';

/** Sections whose API arrives with later issues: the menu entry exists so the layout is final. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Card>
        <Empty description={`${title} arrive with a later release of the console.`} />
      </Card>
    </>
  );
}
