import { Alert } from '@mui/material';
import { errorDetails } from '@simforge/contracts/errors';
import { useAuth } from '../../lib/useAuth';
import { paths } from '../../lib/redirects';
import { SectionTabs, type SectionTab } from './SectionTabs';

const profileTabs: readonly SectionTab[] = [
  { label: 'Overview', to: paths.profileView, prefix: paths.profileView },
  { label: 'Edit profile', to: paths.profileEdit, prefix: paths.profileEdit },
  { label: 'Change password', to: paths.profilePassword, prefix: paths.profilePassword },
];

const adminTabs: readonly SectionTab[] = [
  { label: 'Simulations', to: paths.adminSimulations, prefix: '/main/admin/simulations' },
  { label: 'Users', to: paths.adminUsers, prefix: '/main/admin/users' },
];

export function ProfileLayout() {
  return <SectionTabs tabs={profileTabs} label="Profile sections" />;
}

/**
 * The admin area. The server refuses every admin call of a user who is not a superuser; the page
 * says so at once, as the server would, and shows nothing of the area (no tabs, no Create user).
 */
export function AdminLayout() {
  const { profile } = useAuth();
  if (profile && !profile.is_superuser) {
    return (
      <Alert severity="error" role="alert" sx={{ mt: 2 }}>
        {errorDetails.notEnoughPrivileges}
      </Alert>
    );
  }
  return <SectionTabs tabs={adminTabs} label="Administration sections" />;
}
