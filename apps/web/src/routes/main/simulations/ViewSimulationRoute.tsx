import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AssistantButton } from '../../../features/chat';
import { simulationQuery } from '../../../features/simulations/simulationsApi';
import { SimulationSlotsProvider } from '../../../features/simulations/slots';
import { SimulationViewScreen } from '../../../features/simulations/view/SimulationViewScreen';
import { viewSlots } from './viewSlots';

export default function ViewSimulationRoute() {
  const { id = '' } = useParams();
  // Shares the screen's cache entry: the title for the assistant's context chip.
  const simulation = useQuery({ ...simulationQuery(id), enabled: id !== '' });
  return (
    <>
      <SimulationSlotsProvider slots={viewSlots}>
        <SimulationViewScreen key={id} id={id} />
      </SimulationSlotsProvider>
      <AssistantButton key={`assistant-${id}`} screen="view" simulationId={id} simulationTitle={simulation.data?.title ?? null} />
    </>
  );
}
