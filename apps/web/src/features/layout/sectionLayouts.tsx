import { paths } from '../navigation/redirects';
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

export function AdminLayout() {
  return <SectionTabs tabs={adminTabs} label="Administration sections" />;
}
