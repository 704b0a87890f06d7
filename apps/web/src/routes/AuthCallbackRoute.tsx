import { AuthCallbackScreen } from '../features/auth/AuthCallbackScreen';

export default function AuthCallbackRoute() {
  return <AuthCallbackScreen />;
}
