import { LoginScreen } from '../features/auth/LoginScreen';

export default function LoginRoute() {
  return <LoginScreen />;
}
