import { Box, Button, Paper, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiCookieOutline } from '@mdi/js';
import { consentStore, useConsent } from './consentStore';

/** Shown while no choice has been made; Accept All starts analytics, Reject All keeps it off. */
export function CookieBanner() {
  const consent = useConsent();
  if (consent !== null) return null;
  return (
    <Paper
      elevation={8}
      role="region"
      aria-label="Cookie consent"
      sx={{ position: 'fixed', left: { xs: 8, sm: 24 }, right: { xs: 8, sm: 24 }, bottom: { xs: 8, sm: 24 }, zIndex: (t) => t.zIndex.snackbar - 1, p: 2, display: 'flex', flexDirection: { xs: 'column', md: 'row' }, alignItems: { md: 'center' }, gap: 2, maxWidth: 960, mx: 'auto' }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexGrow: 1 }}>
        <Box sx={{ color: 'accent.main', flexShrink: 0 }}>
          <Icon path={mdiCookieOutline} size={1.2} aria-hidden />
        </Box>
        <Typography variant="body2">
          SimForge uses cookies for anonymous usage analytics (page views, button clicks, simulation events) to improve the product. Nothing is
          loaded until you accept.
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexShrink: 0, justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={() => consentStore.set(false)}>
          Reject All
        </Button>
        <Button variant="contained" onClick={() => consentStore.set(true)}>
          Accept All
        </Button>
      </Box>
    </Paper>
  );
}
