import type { ReactNode } from 'react';
import { Illustration } from './Illustration.tsx';

interface Props {
  title?: string;
  text: string;
  kind?: 'empty' | 'news' | 'star';
  action?: ReactNode;
  compact?: boolean;
}

/** An empty list or section: illustration, what is (not) here, and the next action. */
export function EmptyState({ title, text, kind = 'empty', action, compact }: Props) {
  return (
    <div className={`empty ${compact ? 'empty--compact' : ''}`}>
      <Illustration kind={kind} size={compact ? 64 : 96} />
      {title && <div className="empty__title">{title}</div>}
      <div className="empty__text">{text}</div>
      {action && <div className="empty__action">{action}</div>}
    </div>
  );
}
