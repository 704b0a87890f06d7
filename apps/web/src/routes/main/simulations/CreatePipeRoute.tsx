import { CreateSimulationScreen } from '../../../features/simulations/form/CreateSimulationScreen';

export default function CreatePipeRoute() {
  return <CreateSimulationScreen family="pipe" />;
}
