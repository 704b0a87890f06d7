import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function AllSimulationsRoute() {
  return <PlaceholderPage title="My simulations" description="Your simulations with their status, progress and key results." />;
}
