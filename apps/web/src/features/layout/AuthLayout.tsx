import type { ReactNode } from 'react';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from '../../components/ui/BrandMark';

/**
 * The sign-in family of screens: a centred card on the page background, ending with `link` (the way
 * back to signing in, or on to the step before) where the screen offers one.
 */
export function AuthLayout({ title, link, children }: { title: string; link?: { to: string; label: string }; children: ReactNode }) {
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
            {link ? (
              <Box sx={{ mt: 3 }}>
                <Link component={RouterLink} to={link.to}>
                  {link.label}
                </Link>
              </Box>
            ) : null}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
