// The main navigation: the screens a user may open (admin entries for superusers) and Sign out.
import { Link as RouterLink, NavLink, useLocation } from 'react-router';
import { Box, Divider, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiLogout } from '@mdi/js';
import { paths } from '../../lib/redirects';
import { visibleNavItems } from './navItems';

export function NavigationList({ isSuperuser, onNavigate }: { isSuperuser: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="Main navigation" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <List sx={{ px: 1, py: 2 }}>
        {visibleNavItems(isSuperuser).map((item) => {
          const active = item.isActive(pathname);
          return (
            <ListItemButton
              key={item.to}
              component={NavLink}
              to={item.to}
              selected={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              sx={{ borderRadius: 1, mb: 0.5, '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } } }}
            >
              <ListItemIcon sx={{ color: 'inherit', minWidth: 36 }}>
                <Icon path={item.icon} size={0.9} aria-hidden />
              </ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          );
        })}
      </List>
      <Box sx={{ flexGrow: 1 }} />
      <Divider />
      <List sx={{ px: 1, py: 1 }}>
        <ListItemButton component={RouterLink} to={paths.logout} onClick={onNavigate} sx={{ borderRadius: 1 }}>
          <ListItemIcon sx={{ color: 'inherit', minWidth: 36 }}>
            <Icon path={mdiLogout} size={0.9} aria-hidden />
          </ListItemIcon>
          <ListItemText primary="Sign out" />
        </ListItemButton>
      </List>
    </Box>
  );
}
