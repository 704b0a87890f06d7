import { Link as RouterLink } from 'react-router';
import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiChartTimelineVariant, mdiPlusBoxOutline, mdiPlayCircleOutline } from '@mdi/js';
import { PageHeader } from '../../components/ui/PageHeader';
import { useAuth } from '../auth/useAuth';
import { paths } from '../navigation/redirects';

const shortcuts = [
  { title: 'Create a simulation', text: 'Welding, pipe flow, impinging jets and laser melt pools, with fast estimates while you type.', to: paths.createV2, action: 'Create', icon: mdiPlusBoxOutline },
  { title: 'My simulations', text: 'Status, progress, logs and key results of your runs.', to: paths.simulationsAll, action: 'Open list', icon: mdiChartTimelineVariant },
  { title: 'Simulator', text: 'Explore the catalogue of simulation types and their parameters.', to: paths.simulator, action: 'Open simulator', icon: mdiPlayCircleOutline },
];

export function DashboardScreen() {
  const { profile } = useAuth();
  const name = profile?.full_name || profile?.email;
  return (
    <>
      <PageHeader title="Dashboard" subtitle={name ? `Welcome back, ${name}.` : undefined} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {shortcuts.map((s) => (
          <Card key={s.title} sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Box sx={{ color: 'primary.main', mb: 1 }}>
                <Icon path={s.icon} size={1.3} aria-hidden />
              </Box>
              <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
                {s.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {s.text}
              </Typography>
            </CardContent>
            <CardActions>
              <Button component={RouterLink} to={s.to}>
                {s.action}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </>
  );
}
