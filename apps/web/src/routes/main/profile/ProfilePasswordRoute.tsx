import { ProfilePasswordScreen } from '../../../features/profile/ProfilePasswordScreen';

export default function ProfilePasswordRoute() {
  return <ProfilePasswordScreen />;
}
