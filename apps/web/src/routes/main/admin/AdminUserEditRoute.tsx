import { useParams } from 'react-router';
import { UserEditScreen } from '../../../features/admin-users/UserEditScreen';

export default function AdminUserEditRoute() {
  const { id = '' } = useParams();
  return <UserEditScreen userId={id} />;
}
