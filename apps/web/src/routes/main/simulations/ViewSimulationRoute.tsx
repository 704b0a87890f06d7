import { useParams } from 'react-router';
import { SimulationViewScreen } from '../../../features/simulations/view/SimulationViewScreen';

export default function ViewSimulationRoute() {
  const { id = '' } = useParams();
  return <SimulationViewScreen key={id} id={id} />;
}
