import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

export interface LinkItem {
  to: string;
  label: string;
  icon?: ReactNode;
  extra?: ReactNode;
}

/** A titled group of rows that open other screens (assets entry points, settings). */
export function LinkList({ title, items }: { title: string; items: LinkItem[] }) {
  const navigate = useNavigate();
  return (
    <List header={title} className="link-list">
      {items.map((item) => (
        <List.Item
          key={item.to}
          prefix={item.icon}
          extra={item.extra}
          onClick={() => navigate(item.to)}
          arrow
        >
          {item.label}
        </List.Item>
      ))}
    </List>
  );
}
