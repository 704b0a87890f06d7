import { mdiAccountCircleOutline, mdiChartTimelineVariant, mdiPlusBoxOutline, mdiShieldAccountOutline, mdiViewDashboardOutline } from '@mdi/js';
import { paths } from '../../lib/redirects';

export interface NavItem {
  label: string;
  to: string;
  icon: string;
  /** Whether the item is the current section for a path. */
  isActive: (pathname: string) => boolean;
  superuserOnly?: boolean;
}

const under = (prefix: string) => (pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
const isCreate = (pathname: string) => /^\/main\/simulations\/create/.test(pathname);

export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: mdiViewDashboardOutline, isActive: under(paths.dashboard) },
  { label: 'Simulations', to: paths.simulationsAll, icon: mdiChartTimelineVariant, isActive: (p) => under(paths.simulations)(p) && !isCreate(p) },
  { label: 'Create', to: paths.createV2, icon: mdiPlusBoxOutline, isActive: isCreate },
  { label: 'Profile', to: paths.profileView, icon: mdiAccountCircleOutline, isActive: under(paths.profile) },
  { label: 'Admin', to: paths.admin, icon: mdiShieldAccountOutline, isActive: under(paths.admin), superuserOnly: true },
];

export function visibleNavItems(isSuperuser: boolean): readonly NavItem[] {
  return navItems.filter((item) => !item.superuserOnly || isSuperuser);
}

/** Width of the navigation sidebar (wide screens) and drawer (narrow ones), px. */
export const DRAWER_WIDTH = 232;
