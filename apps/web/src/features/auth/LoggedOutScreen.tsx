import { Box, Button, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '../navigation/redirects';
import { AuthLayout } from '../layout/AuthLayout';

export function LoggedOutScreen() {
  return (
    <AuthLayout title="Signed out">
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
