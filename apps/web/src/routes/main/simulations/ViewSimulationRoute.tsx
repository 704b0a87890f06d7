import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function ViewSimulationRoute() {
  const { id } = useParams();
  return <PlaceholderPage title="Simulation" description={`Visualization and log of simulation ${id ?? ''}.`} />;
}
