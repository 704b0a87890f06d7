import { useNavigate } from 'react-router';
import { paths } from '../../lib/redirects';
import { EditSimulation } from './form/CreateSimulationScreen';

/** main/admin/simulations/edit/{id}: a superuser edits title, description and parameters of anyone's simulation. */
export function AdminSimulationEditScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  return (
    <EditSimulation
      key={id}
      id={id}
      onDone={() => navigate(paths.adminSimulations)}
      onCancel={() => navigate(paths.adminSimulations)}
      backTo={paths.adminSimulations}
      backLabel="Back to all simulations"
    />
  );
}
