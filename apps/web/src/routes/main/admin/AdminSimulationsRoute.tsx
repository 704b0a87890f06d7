import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function AdminSimulationsRoute() {
  return <PlaceholderPage title="All simulations" description="Every user's simulations, for administrators." />;
}
