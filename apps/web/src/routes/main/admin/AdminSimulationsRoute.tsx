import { SimulationsListScreen } from '../../../features/simulations/SimulationsListScreen';

export default function AdminSimulationsRoute() {
  return <SimulationsListScreen scope="all" />;
}
