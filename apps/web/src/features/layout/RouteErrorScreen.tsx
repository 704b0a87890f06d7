import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Alert, Box, Button, Typography } from '@mui/material';

/** When a screen fails to load or render (e.g. a stale chunk after an update): say so and offer a reload. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : 'Unknown error';
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Something went wrong
      </Typography>
      <Alert severity="error" sx={{ mb: 3 }}>
        {message}
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Box>
  );
}
