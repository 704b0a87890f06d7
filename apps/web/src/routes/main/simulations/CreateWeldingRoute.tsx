import { CreateSimulationScreen } from '../../../features/simulations/form/CreateSimulationScreen';
import { SimulationSlotsProvider } from '../../../features/simulations/slots';
import { editorSlots } from './editorSlots';

export default function CreateWeldingRoute() {
  return (
    <SimulationSlotsProvider slots={editorSlots}>
      <CreateSimulationScreen family="cwm" />
    </SimulationSlotsProvider>
  );
}
