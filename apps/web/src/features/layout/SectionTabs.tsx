import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { Box, Tab, Tabs } from '@mui/material';

export interface SectionTab {
  label: string;
  to: string;
  /** Paths starting with this prefix select the tab. */
  prefix: string;
}

/** Tabs linking the screens of one section (profile, admin) above the current screen. */
export function SectionTabs({ tabs, label }: { tabs: readonly SectionTab[]; label: string }) {
  const { pathname } = useLocation();
  const current = tabs.find((tab) => pathname.startsWith(tab.prefix))?.to ?? false;
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={current} aria-label={label} variant="scrollable" allowScrollButtonsMobile>
          {tabs.map((tab) => (
            <Tab key={tab.to} label={tab.label} value={tab.to} component={RouterLink} to={tab.to} />
          ))}
        </Tabs>
      </Box>
      <Outlet />
    </>
  );
}
