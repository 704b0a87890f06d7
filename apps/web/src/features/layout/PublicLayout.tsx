import { Link as RouterLink, Outlet } from 'react-router';
import { AppBar, Box, Button, Toolbar } from '@mui/material';
import { BrandMark } from '../../components/ui/BrandMark';
import { useAuth } from '../../lib/useAuth';
import { paths } from '../../lib/redirects';

/** Screens open to everyone (simulator area, status, debug): a slim app bar and the screen. */
export function PublicLayout() {
  const { status } = useAuth();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky">
        <Toolbar>
          <Box component={RouterLink} to={paths.simulator} sx={{ textDecoration: 'none', display: 'flex' }} aria-label="SimForge simulator">
            <BrandMark inverse />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Button color="inherit" component={RouterLink} to={paths.status} sx={{ mr: 1 }}>
            Status
          </Button>
          {status === 'loggedIn' ? (
            <Button color="inherit" variant="outlined" component={RouterLink} to={paths.dashboard}>
              Dashboard
            </Button>
          ) : (
            <Button color="inherit" variant="outlined" component={RouterLink} to={paths.login}>
              Sign in
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: { xs: 2, sm: 3, lg: 4 }, maxWidth: 1280, mx: 'auto' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
