import { useParams } from 'react-router';
import { useAuth } from '../lib/useAuth';
import { AssistantButton } from '../features/chat';
import { SimulatorScreen } from '../features/simulator/SimulatorScreen';

export default function SimulatorRoute() {
  const auth = useAuth();
  return (
    <>
      <SimulatorScreen rest={useParams()['*'] ?? ''} />
      {/* The simulator area is public; the assistant needs sign-in. */}
      {auth.profile ? <AssistantButton screen="simulator" /> : null}
    </>
  );
}
