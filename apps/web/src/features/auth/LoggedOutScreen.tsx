import { useEffect } from 'react';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { authStore } from '../../lib/authStore';
import { paths } from '../../lib/redirects';
import { AuthLayout } from '../layout/AuthLayout';

export function LoggedOutScreen() {
  // Arriving from a deleted account: its session ends here, once this page (outside the guard) shows.
  const accountDeleted = (useLocation().state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  useEffect(() => {
    if (accountDeleted) authStore.expire();
  }, [accountDeleted]);
  return (
    <AuthLayout title="Signed out">
      {accountDeleted ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          Your account and everything in it were deleted.
        </Alert>
      ) : null}
      <Typography sx={{ mb: 3 }}>You have been signed out</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={paths.login}>
          Sign in again
        </Button>
        <Link component={RouterLink} to={paths.root}>
          Go to the home page
        </Link>
      </Box>
    </AuthLayout>
  );
}
