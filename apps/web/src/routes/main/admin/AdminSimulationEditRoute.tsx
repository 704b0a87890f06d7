import { useParams } from 'react-router';
import { AdminSimulationEditScreen } from '../../../features/simulations/AdminSimulationEditScreen';

export default function AdminSimulationEditRoute() {
  const { id = '' } = useParams();
  return <AdminSimulationEditScreen id={id} />;
}
