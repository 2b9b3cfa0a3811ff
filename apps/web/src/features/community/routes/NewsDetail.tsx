import { ContentDetailPage } from '../components/ContentDetailPage.tsx';

export default function NewsDetail() {
  return <ContentDetailPage kind="news" />;
}
