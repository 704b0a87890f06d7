import { useParams } from 'react-router';
import { AssistantButton } from '../features/chat';
import { SimulatorScreen } from '../features/simulator/SimulatorScreen';

export default function SimulatorRoute() {
  return (
    <>
      <SimulatorScreen rest={useParams()['*'] ?? ''} />
      <AssistantButton screen="simulator" />
    </>
  );
}
