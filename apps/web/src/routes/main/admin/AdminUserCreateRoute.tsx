import { UserCreateScreen } from '../../../features/admin-users/UserCreateScreen';

export default function AdminUserCreateRoute() {
  return <UserCreateScreen />;
}
