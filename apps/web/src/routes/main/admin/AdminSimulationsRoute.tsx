import { SimulationsListScreen } from '../../../features/simulations/SimulationsListScreen';
import { SimulationSlotsProvider } from '../../../features/simulations/slots';
import { listSlots } from '../simulations/listSlots';

export default function AdminSimulationsRoute() {
  return (
    <SimulationSlotsProvider slots={listSlots}>
      <SimulationsListScreen scope="all" />
    </SimulationSlotsProvider>
  );
}
