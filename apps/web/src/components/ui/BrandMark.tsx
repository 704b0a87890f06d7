import { Box, Typography } from '@mui/material';

export function BrandMark({ inverse = false }: { inverse?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28, borderRadius: 1, boxShadow: inverse ? '0 0 0 2px rgba(255, 255, 255, 0.75)' : 'none' }} />
      <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.15rem', letterSpacing: '0.02em', color: inverse ? 'common.white' : 'primary.main' }}>
        SimForge
      </Typography>
    </Box>
  );
}
