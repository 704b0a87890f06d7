import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function AdminSimulationEditRoute() {
  const { id } = useParams();
  return <PlaceholderPage title="Edit simulation" description={`Administrator editing of simulation ${id ?? ''}.`} />;
}
