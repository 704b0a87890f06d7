import { useParams } from 'react-router';
import { AdminSimulationEditScreen } from '../../../features/simulations/AdminSimulationEditScreen';
import { SimulationSlotsProvider } from '../../../features/simulations/slots';
import { editorSlots } from '../simulations/editorSlots';

export default function AdminSimulationEditRoute() {
  const { id = '' } = useParams();
  return (
    <SimulationSlotsProvider slots={editorSlots}>
      <AdminSimulationEditScreen id={id} />
    </SimulationSlotsProvider>
  );
}
