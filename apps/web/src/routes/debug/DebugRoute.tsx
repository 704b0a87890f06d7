import { Link as RouterLink } from 'react-router';
import { Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { PageHeader } from '../../components/ui/PageHeader';
import { paths } from '../../lib/redirects';

const groups: { title: string; links: { to: string; label: string; hint: string }[] }[] = [
  {
    title: 'Component playgrounds',
    links: [
      { to: paths.pipeDiagramEditor, label: 'Pipe diagram editor', hint: 'Draw a network, import or export EPANET .inp' },
      { to: paths.polygonDesigner, label: 'Polygon cross-section designer', hint: 'Draw weld and ridge sections' },
    ],
  },
  {
    title: 'Test pages',
    links: [
      { to: '/main/simulations/log-test', label: 'Log test page', hint: 'The live log viewer on a generated stream (sign-in needed)' },
      { to: '/main/simulations/sse-test', label: 'SSE test page', hint: 'Server-sent events: connect, resume, heartbeats (sign-in needed)' },
    ],
  },
  {
    title: 'Service',
    links: [
      { to: paths.status, label: 'Service status', hint: 'Database, queue, workers, versions, uptime' },
      { to: '/api/v1/health', label: 'Health check (JSON)', hint: 'The machine-readable status' },
      { to: paths.simulator, label: 'Simulator area', hint: 'The catalogue with live estimates' },
      { to: paths.createV2, label: 'Create (second generation)', hint: 'Step-by-step creation for every type' },
    ],
  },
];

export default function DebugRoute() {
  return (
    <>
      <PageHeader title="Debug" subtitle="Component playgrounds, test pages and service checks for developers." />
      {groups.map((group) => (
        <Card key={group.title} component="section" aria-label={group.title} sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="h3" component="h2">
              {group.title}
            </Typography>
            <List dense>
              {group.links.map((link) => (
                <ListItem key={link.to} disableGutters>
                  <ListItemText
                    primary={
                      link.to.startsWith('/api/') ? (
                        <Link href={link.to}>{link.label}</Link>
                      ) : (
                        <Link component={RouterLink} to={link.to}>
                          {link.label}
                        </Link>
                      )
                    }
                    secondary={link.hint}
                  />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      ))}
    </>
  );
}
