import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function SseTestRoute() {
  return <PlaceholderPage title="SSE test" description="Server-sent events stream (test page)." />;
}
