import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Box, Button, Card, CardActionArea, CardContent, Chip, Link, List, ListItem, Skeleton, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiArrowRight } from '@mdi/js';
import { familyLabels, simulationCatalogue, simulationFamilies, simulationStatuses, type Simulation, type SimulationsPublic } from '@simforge/contracts';
import { PageHeader } from '../../components/ui/PageHeader';
import { formatWithUnit } from '../../lib/displayUnits';
import { formatRelative } from '../../lib/time';
import { useAuth } from '../../lib/useAuth';
import { paths } from '../../lib/redirects';
import { ProgressValue } from '../simulations/components/ProgressValue';
import { StatusChip } from '../simulations/components/StatusChip';
import { typeLabel } from '../simulations/labels';
import { createPathOf } from '../simulations/createPaths';
import { filtersToParams, defaultFilters } from '../simulations/listQuery';
import { LIVE_LIST_REFRESH_MS } from '../simulations/SimulationsListScreen';
import { simulationsPageQuery } from '../simulations/simulationsApi';
import { statusMeta } from '../simulations/status';
import { keyResults } from '../simulations/summaryOrder';
import { FamilyHeading } from '../create-v2/CatalogueCards';
import { DashboardCard } from './DashboardCard';
import { UsagePanels } from './UsagePanels';
import { QueryError } from '../../components/ui/QueryError';

const ACTIVE = 'queued,running,aborting';

function listLink(status: string): string {
  const params = filtersToParams({ ...defaultFilters, statuses: status.split(',') as typeof defaultFilters.statuses });
  return `${paths.simulationsAll}?${params.toString()}`;
}

function StatusCounts() {
  const counts = useQueries({
    queries: simulationStatuses.map((status) => ({
      ...simulationsPageQuery('mine', { skip: 0, limit: 1, sort: '-updated_at', status }),
      refetchInterval: 10_000,
    })),
  });
  return (
    <Box component="section" aria-label="Simulations by status" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', lg: 'repeat(7, 1fr)' }, mb: 3 }}>
      {simulationStatuses.map((status, i) => {
        const count = counts[i]!;
        return (
          <Card key={status} data-status-count={status}>
            <CardActionArea component={RouterLink} to={listLink(status)} sx={{ p: 1.5, height: '100%' }}>
              <Typography variant="caption" color="text.secondary">
                {statusMeta[status].label}
              </Typography>
              <Typography sx={{ fontSize: '1.6rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }} aria-label={`${statusMeta[status].label}: ${count.data?.count ?? 'loading'}`}>
                {count.data ? count.data.count : <Skeleton width={32} />}
              </Typography>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}

/**
 * A dashboard card over one page of the user's simulations: the query's error, a placeholder while
 * it loads, `empty` when the page has none, else a row a simulation.
 */
function SimulationsCard({
  label,
  action,
  query,
  loadingHeight,
  empty,
  row,
}: {
  label: string;
  action: ReactNode;
  query: UseQueryResult<SimulationsPublic>;
  loadingHeight: number;
  empty: string;
  row(simulation: Simulation): ReactNode;
}) {
  const rows = query.data?.data ?? [];
  return (
    <DashboardCard label={label} sx={{ height: '100%' }} action={action}>
      <QueryError query={query} />
      {query.isPending ? <Skeleton variant="rounded" height={loadingHeight} /> : null}
      {query.data && rows.length === 0 ? <Typography color="text.secondary">{empty}</Typography> : null}
      <List dense disablePadding>
        {rows.map(row)}
      </List>
    </DashboardCard>
  );
}

function RunningNow() {
  const running = useQuery({
    ...simulationsPageQuery('mine', { skip: 0, limit: 10, sort: '-updated_at', status: ACTIVE }),
    refetchInterval: (q) => ((q.state.data?.count ?? 0) > 0 ? LIVE_LIST_REFRESH_MS : 10_000),
  });
  return (
    <SimulationsCard
      label="Running now"
      action={
        running.data && running.data.count > 0 ? (
          <Button size="small" component={RouterLink} to={listLink(ACTIVE)}>
            All {running.data.count}
          </Button>
        ) : null
      }
      query={running}
      loadingHeight={60}
      empty="Nothing is queued or running."
      row={(s) => (
        <ListItem key={s.id} disableGutters sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto 160px', gap: 1.5, alignItems: 'center' }}>
          <Link component={RouterLink} to={paths.simulationView(s.id)} noWrap sx={{ fontWeight: 600 }}>
            {s.title}
          </Link>
          <StatusChip status={s.status} />
          <ProgressValue status={s.status} progress={s.progress} label={`Progress of ${s.title}`} />
        </ListItem>
      )}
    />
  );
}

function Recent() {
  const recent = useQuery({ ...simulationsPageQuery('mine', { skip: 0, limit: 6, sort: '-updated_at' }), refetchInterval: 10_000 });
  return (
    <SimulationsCard
      label="Recent simulations"
      action={
        <Button size="small" component={RouterLink} to={paths.simulationsAll} endIcon={<Icon path={mdiArrowRight} size={0.7} aria-hidden />}>
          My simulations
        </Button>
      }
      query={recent}
      loadingHeight={120}
      empty="No simulations yet: start with one of the families below."
      row={(s) => {
        const [first] = keyResults(s.type, s.summary, 1);
        return (
          <ListItem key={s.id} disableGutters divider sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 1, alignItems: 'center', py: 0.75 }}>
            <Box sx={{ minWidth: 0 }}>
              <Link component={RouterLink} to={paths.simulationView(s.id)} noWrap sx={{ fontWeight: 600, display: 'block' }}>
                {s.title}
              </Link>
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {typeLabel(s.type)} · {formatRelative(s.updated_at)}
                {first ? ` · ${first[1].label}: ${formatWithUnit(first[1].value, first[1].unit)}` : ''}
              </Typography>
            </Box>
            <StatusChip status={s.status} />
          </ListItem>
        );
      }}
    />
  );
}

function CreateShortcuts() {
  return (
    <Box component="section" aria-label="Create a simulation">
      <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
        Create a simulation
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
        {simulationFamilies.map((family) => {
          const types = simulationCatalogue.filter((e) => e.family === family);
          const available = types.filter((e) => e.available).length;
          return (
            <Card key={family} sx={{ display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <FamilyHeading family={family} component="h3" />
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {types.map((t) => t.label).join(', ')}
                </Typography>
                {available > 0 ? <Chip size="small" color="success" variant="outlined" label={`${available} of ${types.length} available`} /> : <Chip size="small" variant="outlined" label="Coming soon" />}
              </CardContent>
              <Box sx={{ px: 2, pb: 2 }}>
                <Button variant={available > 0 ? 'contained' : 'outlined'} component={RouterLink} to={createPathOf[family]} aria-label={`Create ${familyLabels[family]} simulation`}>
                  Create
                </Button>
              </Box>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}

export function DashboardScreen() {
  const { profile } = useAuth();
  const name = profile?.full_name || profile?.email;
  return (
    <>
      <PageHeader title="Dashboard" subtitle={name ? `Welcome back, ${name}.` : undefined} />
      <StatusCounts />
      <UsagePanels />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }, mb: 3 }}>
        <RunningNow />
        <Recent />
      </Box>
      <CreateShortcuts />
    </>
  );
}
