import { SimulationsListScreen } from '../../../features/simulations/SimulationsListScreen';
import { SimulationSlotsProvider } from '../../../features/simulations/slots';
import { listSlots } from './listSlots';

export default function AllSimulationsRoute() {
  return (
    <SimulationSlotsProvider slots={listSlots}>
      <SimulationsListScreen scope="mine" />
    </SimulationSlotsProvider>
  );
}
