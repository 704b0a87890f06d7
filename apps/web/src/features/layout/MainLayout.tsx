import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { AppBar, Avatar, Box, Button, IconButton, Paper, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Icon } from '@mdi/react';
import { mdiMenu, mdiPlayCircleOutline } from '@mdi/js';
import { BrandMark } from '../../components/ui/BrandMark';
import { useAuth } from '../../lib/useAuth';
import { paths } from '../../lib/redirects';
import { DRAWER_WIDTH } from './navItems';
import { NavigationList } from './NavigationList';

const MenuDrawer = lazy(() => import('./MenuDrawer'));

function initials(name: string): string {
  const parts = name.trim().split(/[\s@.]+/).filter(Boolean);
  return (parts.slice(0, 2).map((p) => p[0]!.toUpperCase()).join('') || '?').slice(0, 2);
}

/** The signed-in area: app bar, navigation drawer (permanent on wide screens), and the screen. */
export function MainLayout() {
  const { profile } = useAuth();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  // The narrow screens' drawer stays mounted once opened, so it can slide out again.
  const [menuUsed, setMenuUsed] = useState(false);
  const isSuperuser = profile?.is_superuser ?? false;
  const displayName = profile?.full_name || profile?.email || '';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1, borderBottom: 1, borderColor: 'primary.dark' }}>
        <Toolbar>
          {!wide ? (
            <IconButton color="inherit" edge="start" aria-label="Open navigation" onClick={() => {
                setMenuUsed(true);
                setOpen(true);
              }}
              sx={{ mr: 1 }}
            >
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
            // The browser's own tooltip: MUI's would bring its positioning engine into the first page.
            <Box component={RouterLink} to={paths.profileView} title={profile.email} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}>
              <Avatar sx={{ width: 32, height: 32, bgcolor: 'accent.main', color: 'accent.contrastText', fontSize: '0.85rem' }}>{initials(displayName)}</Avatar>
              <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
                {displayName}
              </Typography>
            </Box>
          ) : null}
        </Toolbar>
      </AppBar>
      {wide ? (
        // The permanent sidebar of wide screens, drawn as MUI's permanent drawer is (a fixed sheet).
        <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}>
          <Paper
            square
            elevation={0}
            sx={{ position: 'fixed', top: 0, left: 0, bottom: 0, width: DRAWER_WIDTH, display: 'flex', flexDirection: 'column', overflowY: 'auto', borderRight: 1, borderColor: 'surface.border', zIndex: (t) => t.zIndex.drawer }}
          >
            <Toolbar />
            <NavigationList isSuperuser={isSuperuser} />
          </Paper>
        </Box>
      ) : menuUsed ? (
        <Suspense fallback={null}>
          <MenuDrawer open={open} onClose={() => setOpen(false)} isSuperuser={isSuperuser} />
        </Suspense>
      ) : null}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'background.default' }}>
        <Toolbar />
        <Box sx={{ p: { xs: 2, sm: 3, lg: 4 }, maxWidth: 1280, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
