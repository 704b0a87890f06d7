import { DashboardScreen } from '../../features/dashboard/DashboardScreen';

export default function DashboardRoute() {
  return <DashboardScreen />;
}
