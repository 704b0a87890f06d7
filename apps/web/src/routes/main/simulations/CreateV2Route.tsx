import { CreateV2Screen } from '../../../features/create-v2/CreateV2Screen';
import { SimulationSlotsProvider } from '../../../features/simulations/slots';
import { editorSlots } from './editorSlots';

export default function CreateV2Route() {
  return (
    <SimulationSlotsProvider slots={editorSlots}>
      <CreateV2Screen />
    </SimulationSlotsProvider>
  );
}
