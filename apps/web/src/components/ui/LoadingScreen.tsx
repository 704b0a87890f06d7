import { Box, CircularProgress, Typography } from '@mui/material';

/** The app shell's centred spinner while the auth state is unknown (spec section 2). */
export function LoadingScreen({ text = 'Loading...' }: { text?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: '60vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, flexGrow: 1 }}>
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
