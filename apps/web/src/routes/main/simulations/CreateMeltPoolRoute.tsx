import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function CreateMeltPoolRoute() {
  return <PlaceholderPage title="Create melt-pool simulation" description="Set up a laser melt-pool simulation on a rigid or flexible plate, with or without plasma." />;
}
