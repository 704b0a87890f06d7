import { LoggedOutScreen } from '../features/auth/LoggedOutScreen';

export default function LoggedOutRoute() {
  return <LoggedOutScreen />;
}
