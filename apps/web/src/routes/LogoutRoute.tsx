import { LogoutScreen } from '../features/auth/LogoutScreen';

export default function LogoutRoute() {
  return <LogoutScreen />;
}
