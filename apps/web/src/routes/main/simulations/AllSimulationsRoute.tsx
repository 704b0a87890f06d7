import { SimulationsListScreen } from '../../../features/simulations/SimulationsListScreen';

export default function AllSimulationsRoute() {
  return <SimulationsListScreen scope="mine" />;
}
