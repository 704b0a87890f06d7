import { ProfileEditScreen } from '../../../features/profile/ProfileEditScreen';

export default function ProfileEditRoute() {
  return <ProfileEditScreen />;
}
