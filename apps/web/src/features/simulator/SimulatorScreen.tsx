import { Link as RouterLink, useLocation } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { Alert, Box, Button, Typography } from '@mui/material';
import { simulationCatalogue, simulationFamilies, type CatalogueEntry, type SimulationFamily } from '@simforge/contracts';
import { PageHeader } from '../../components/ui/PageHeader';
import { formatDuration } from '../../lib/displayUnits';
import { useAuth } from '../../lib/useAuth';
import { CatalogueByFamily, TypeCard } from '../create-v2/CatalogueCards';
import type { RunnableEntry } from '../create-v2/runnableEntry';
import { createV2Path, resolveCreateV2 } from '../create-v2/resolve';
import { UnitSystemSwitch } from '../create-v2/UnitSystemSwitch';
import { fetchEstimate, simulationsKeys } from '../simulations/simulationsApi';
import { Explorer } from './Explorer';
import { VerificationReportLink } from '../verification-report/VerificationReportLink';

export const simulatorPath = (entry: Pick<CatalogueEntry, 'family' | 'type'>) => `/simulator/${entry.family}/${entry.type}`;

/** What `/simulator/{rest}` names: a type to explore, or the catalogue (with a note for an address it does not know). */
export function resolveSimulator(rest: string): { entry: RunnableEntry } | { note: string | null; family?: SimulationFamily } {
  const parts = rest.split('/').filter(Boolean);
  if (parts.length === 0) return { note: null };
  const target = parts.length <= 2 ? resolveCreateV2(parts[0], parts[1]) : null;
  if (target?.kind === 'type' && target.entry.available && target.entry.parameters) return { entry: target.entry as RunnableEntry };
  if (target?.kind === 'type') return { note: `${target.entry.label} is coming soon. Here is what you can explore now.` };
  if (target?.kind === 'family') return { note: null, family: target.family };
  return { note: `Nothing to explore at /simulator/${rest}. Here is the catalogue.` };
}

/** The typical run time of each available type: the estimate's expected run time for its defaults (signed in only). */
function useTypicalRunTimes(enabled: boolean): Map<string, number> {
  const available = simulationCatalogue.filter((e) => e.available && e.defaults);
  const answers = useQueries({
    queries: available.map((entry) => ({
      queryKey: simulationsKeys.estimate(entry.type, entry.defaults),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchEstimate(entry.type, entry.defaults!, signal),
      enabled,
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  return new Map(available.flatMap((entry, i) => (answers[i]?.data ? [[entry.type, answers[i]!.data!.expected_runtime_seconds] as const] : [])));
}

function Catalogue({ note, family }: { note: string | null; family?: SimulationFamily }) {
  const { status } = useAuth();
  const signedIn = status === 'loggedIn';
  const runTimes = useTypicalRunTimes(signedIn);
  const { search } = useLocation();
  return (
    <>
      <PageHeader title="Simulator" subtitle="Every simulation type by family: explore one with live estimates, then run the full simulation." actions={<UnitSystemSwitch />} />
      {note ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {note}
        </Alert>
      ) : null}
      <Box sx={{ mb: 2 }}>
        <VerificationReportLink label="How every solver is verified: cases, references, tolerances and our errors" />
      </Box>
      {!signedIn && status !== 'unknown' ? (
        <Alert severity="info" sx={{ mb: 2 }} action={<Button color="inherit" size="small" component={RouterLink} to="/login">Sign in</Button>}>
          Sign in for live estimates and typical run times.
        </Alert>
      ) : null}
      <CatalogueByFamily
        families={family ? [family] : simulationFamilies}
        renderType={(entry) => (
          <TypeCard
            entry={entry}
            extra={
              entry.available ? (
                <Typography variant="body2" data-testid={`runtime-${entry.type}`}>
                  Typical run time: {runTimes.has(entry.type) ? formatDuration(runTimes.get(entry.type)) : signedIn ? '…' : 'sign in to see'}
                </Typography>
              ) : null
            }
            action={
              entry.available ? (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button size="small" variant="contained" component={RouterLink} to={createV2Path(entry.family, entry.type, search.replace(/^\?/, ''))} aria-label={`Start ${entry.label}`}>
                    Start
                  </Button>
                  <Button size="small" component={RouterLink} to={`${simulatorPath(entry)}${search}`} aria-label={`Explore ${entry.label}`}>
                    Explore
                  </Button>
                </Box>
              ) : (
                <Button size="small" disabled>
                  Coming soon
                </Button>
              )
            }
          />
        )}
      />
    </>
  );
}

/** `/simulator/*`: the catalogue, or the explorer of `/simulator/{family}/{type}`; unknown paths show the catalogue. */
export function SimulatorScreen({ rest }: { rest: string }) {
  const target = resolveSimulator(rest);
  if ('entry' in target) {
    return (
      <>
        <PageHeader
          title={target.entry.label}
          subtitle={target.entry.description}
          actions={
            <>
              <UnitSystemSwitch />
              <Button component={RouterLink} to="/simulator/">
                All types
              </Button>
            </>
          }
        />
        <Explorer key={target.entry.type} entry={target.entry} />
      </>
    );
  }
  return <Catalogue note={target.note} family={target.family} />;
}
