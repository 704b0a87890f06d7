import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function LogTestRoute() {
  return <PlaceholderPage title="Log test" description="Live simulation log stream (test page)." />;
}
