import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function CreatePipeRoute() {
  return <PlaceholderPage title="Create pipe simulation" description="Set up a pipe-flow simulation: circular pipe, annulus, pipe network or geothermal plant storage." />;
}
