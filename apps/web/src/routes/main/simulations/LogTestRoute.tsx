import { LogTestScreen } from '../../../features/simulations/live/LogTestScreen';

export default function LogTestRoute() {
  return <LogTestScreen />;
}
