import { Link as RouterLink, useLocation } from 'react-router';
import { Button, Typography } from '@mui/material';
import { PageHeader } from '../components/ui/PageHeader';

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title="Page not found" />
      <Typography sx={{ mb: 3 }}>There is no page at {pathname}.</Typography>
      <Button variant="contained" component={RouterLink} to="/">
        Go to the home page
      </Button>
    </>
  );
}
