import { useState } from 'react';
import { Link as RouterLink, NavLink, Outlet, useLocation } from 'react-router';
import { AppBar, Avatar, Box, Button, Divider, Drawer, IconButton, List, ListItemButton, ListItemIcon, ListItemText, Toolbar, Tooltip, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Icon } from '@mdi/react';
import { mdiLogout, mdiMenu, mdiPlayCircleOutline } from '@mdi/js';
import { BrandMark } from '../../components/ui/BrandMark';
import { useAuth } from '../auth/useAuth';
import { paths } from '../navigation/redirects';
import { visibleNavItems } from './navItems';

export const DRAWER_WIDTH = 232;

function initials(name: string): string {
  const parts = name.trim().split(/[\s@.]+/).filter(Boolean);
  return (parts.slice(0, 2).map((p) => p[0]!.toUpperCase()).join('') || '?').slice(0, 2);
}

function NavigationList({ isSuperuser, onNavigate }: { isSuperuser: boolean; onNavigate?: () => void }) {
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

/** The signed-in area: app bar, navigation drawer (permanent on wide screens), and the screen. */
export function MainLayout() {
  const { profile } = useAuth();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const isSuperuser = profile?.is_superuser ?? false;
  const displayName = profile?.full_name || profile?.email || '';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1, borderBottom: 1, borderColor: 'primary.dark' }}>
        <Toolbar>
          {!wide ? (
            <IconButton color="inherit" edge="start" aria-label="Open navigation" onClick={() => setOpen(true)} sx={{ mr: 1 }}>
              <Icon path={mdiMenu} size={1} aria-hidden />
            </IconButton>
          ) : null}
          <Box component={RouterLink} to={paths.dashboard} sx={{ textDecoration: 'none', display: 'flex' }} aria-label="SimForge dashboard">
            <BrandMark inverse />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Button color="inherit" component={RouterLink} to={paths.simulator} startIcon={<Icon path={mdiPlayCircleOutline} size={0.9} aria-hidden />} sx={{ mr: 1 }}>
            Simulator
          </Button>
          {profile ? (
            <Tooltip title={profile.email}>
              <Box component={RouterLink} to={paths.profileView} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}>
                <Avatar sx={{ width: 32, height: 32, bgcolor: 'accent.main', color: 'accent.contrastText', fontSize: '0.85rem' }}>{initials(displayName)}</Avatar>
                <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
                  {displayName}
                </Typography>
              </Box>
            </Tooltip>
          ) : null}
        </Toolbar>
      </AppBar>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || open}
        onClose={() => setOpen(false)}
        sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', borderRight: 1, borderColor: 'surface.border' } }}
      >
        <Toolbar />
        <NavigationList isSuperuser={isSuperuser} onNavigate={wide ? undefined : () => setOpen(false)} />
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'background.default' }}>
        <Toolbar />
        <Box sx={{ p: { xs: 2, sm: 3, lg: 4 }, maxWidth: 1280, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
