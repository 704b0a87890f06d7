import { ResetPasswordScreen } from '../features/auth/ResetPasswordScreen';

export default function ResetPasswordRoute() {
  return <ResetPasswordScreen />;
}
