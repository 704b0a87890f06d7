import { CreateSimulationScreen } from '../../../features/simulations/form/CreateSimulationScreen';

export default function CreateJetRoute() {
  return <CreateSimulationScreen family="jet" />;
}
