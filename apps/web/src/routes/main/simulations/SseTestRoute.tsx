import { SseTestScreen } from '../../../features/simulations/live/SseTestScreen';

export default function SseTestRoute() {
  return <SseTestScreen />;
}
