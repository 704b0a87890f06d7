import { CreateSimulationScreen } from '../../../features/simulations/form/CreateSimulationScreen';
import { SimulationSlotsProvider } from '../../../features/simulations/slots';
import { editorSlots } from './editorSlots';

export default function CreateMeltPoolRoute() {
  return (
    <SimulationSlotsProvider slots={editorSlots}>
      <CreateSimulationScreen family="melt-pool" />
    </SimulationSlotsProvider>
  );
}
