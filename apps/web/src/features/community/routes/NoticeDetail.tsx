import { ContentDetailPage } from '../components/ContentDetailPage.tsx';

export default function NoticeDetail() {
  return <ContentDetailPage kind="notice" />;
}
