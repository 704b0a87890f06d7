import { useNavigate, useSearchParams } from 'react-router';
import { pipeNetwork2Entry } from '@simforge/contracts';
import { PageHeader } from '../../../components/ui/PageHeader';
import { paths } from '../../../lib/redirects';
import { EDIT_PARAM } from '../../../features/simulations/createPaths';
import { EditFromCreateRoute } from '../../../features/simulations/form/CreateSimulationScreen';
import { SimulationEditor } from '../../../features/simulations/form/SimulationEditor';
import { SimulationSlotsProvider } from '../../../features/simulations/slots';
import { editorSlots } from './editorSlots';

/** create-pipe-v2: PIPE_NETWORK_2 in the second-generation diagram editor (the query of the redirect is kept; `?edit={id}` edits). */
export default function CreatePipeV2Route() {
  return (
    <SimulationSlotsProvider slots={editorSlots}>
      <CreatePipeV2 />
    </SimulationSlotsProvider>
  );
}

function CreatePipeV2() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = params.get(EDIT_PARAM);
  if (editId) return <EditFromCreateRoute id={editId} />;
  const entry = pipeNetwork2Entry as typeof pipeNetwork2Entry & { parameters: NonNullable<(typeof pipeNetwork2Entry)['parameters']> };
  return (
    <>
      <PageHeader
        title="Create pipe network"
        subtitle="Draw the network (or import an EPANET .inp file) in the second-generation diagram editor: grid snapping, box selection with Shift-drag, Ctrl-click to add to a selection, and a table to edit pipes and junctions in bulk. Runs on the PIPE_NETWORK engine (PIPE_NETWORK_2)."
      />
      <SimulationEditor entry={entry} mode="create" onDone={(created) => navigate(paths.simulationView(created.id))} />
    </>
  );
}
