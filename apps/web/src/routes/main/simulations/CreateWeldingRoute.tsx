import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function CreateWeldingRoute() {
  return <PlaceholderPage title="Create welding simulation" description="Set up a welding simulation (cwm family): joint type, geometry, heat source and material." />;
}
