import { StatusScreen } from '../features/status/StatusScreen';

export default function StatusRoute() {
  return <StatusScreen />;
}
