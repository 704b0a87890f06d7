import { ProfileViewScreen } from '../../../features/profile/ProfileViewScreen';

export default function ProfileViewRoute() {
  return <ProfileViewScreen />;
}
