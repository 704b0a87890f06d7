import { RecoverPasswordScreen } from '../features/auth/RecoverPasswordScreen';

export default function RecoverPasswordRoute() {
  return <RecoverPasswordScreen />;
}
