import { CreateSimulationScreen } from '../../../features/simulations/form/CreateSimulationScreen';

export default function CreateWeldingRoute() {
  return <CreateSimulationScreen family="cwm" />;
}
