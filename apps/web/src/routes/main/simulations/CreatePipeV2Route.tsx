import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function CreatePipeV2Route() {
  return <PlaceholderPage title="Create pipe network" description="Draw a pipe network in the diagram editor and simulate it (PIPE_NETWORK_2)." />;
}
