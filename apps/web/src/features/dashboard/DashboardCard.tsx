import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography, type SxProps, type Theme } from '@mui/material';

/**
 * A dashboard panel: a section card named `label`, headed by `title` (the label unless given). With
 * an `action` (even null while there is none yet), the heading shares its line with it.
 */
export function DashboardCard({ label, title = label, action, sx, children }: { label: string; title?: ReactNode; action?: ReactNode; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Card component="section" aria-label={label} sx={sx}>
      <CardContent>
        {action === undefined ? (
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {title}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
            <Typography variant="h3" component="h2" sx={{ flexGrow: 1 }}>
              {title}
            </Typography>
            {action}
          </Box>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
