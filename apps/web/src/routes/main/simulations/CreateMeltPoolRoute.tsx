import { CreateSimulationScreen } from '../../../features/simulations/form/CreateSimulationScreen';

export default function CreateMeltPoolRoute() {
  return <CreateSimulationScreen family="melt-pool" />;
}
