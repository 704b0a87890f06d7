import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from '../../components/ui/BrandMark';

/** The sign-in family of screens: a centred card on the page background. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, background: (t) => `linear-gradient(160deg, ${t.palette.background.default} 0%, #e3e9f2 100%)` }}>
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Box component={RouterLink} to="/" sx={{ display: 'inline-flex', mb: 2, textDecoration: 'none' }} aria-label="SimForge home">
          <BrandMark />
        </Box>
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography variant="h1" sx={{ mb: 2 }}>
              {title}
            </Typography>
            {children}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
