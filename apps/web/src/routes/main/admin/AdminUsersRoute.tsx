import { UsersTableScreen } from '../../../features/admin-users/UsersTableScreen';

export default function AdminUsersRoute() {
  return <UsersTableScreen />;
}
