import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, LinearProgress, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiCheckCircle } from '@mdi/js';
import { catalogueEntry, familyLabels, isActiveStatus, simulationCatalogue, type CatalogueEntry, type SimulationFamily } from '@simforge/contracts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { PageHeader } from '../../../components/ui/PageHeader';
import { errorDetail } from '../../../lib/errorDetail';
import { paths } from '../../../lib/redirects';
import { createPathForType, EDIT_PARAM } from '../createPaths';
import { simulationQuery } from '../simulationsApi';
import { isNotFound, SimulationNotFound } from '../view/SimulationViewScreen';
import { useSimulationSlots } from '../slots';
import { SimulationEditor } from './SimulationEditor';

/** The heading of each family's create screen. */
export const createTitles: Record<SimulationFamily, string> = {
  cwm: 'Create welding simulation',
  pipe: 'Create pipe simulation',
  jet: 'Create jet simulation',
  'melt-pool': 'Create melt-pool simulation',
};

const familySubtitles: Record<SimulationFamily, string> = {
  cwm: 'Arc welding of plates and pipes: temperature field, fusion zone, penetration, HAZ, t8/5, HAZ hardness and longitudinal shrinkage.',
  pipe: 'Single-phase flow in ducts, pipe networks and geothermal plants: pressure drop and heat transfer.',
  jet: 'Impinging jets on surfaces and ridges, with or without particles: heat transfer, wall shear, deposition.',
  'melt-pool': 'Laser and laser-plasma melt pools on rigid or flexible plates: pool shape, thermal gradients, distortion.',
};

type RunnableEntry = CatalogueEntry & { parameters: NonNullable<CatalogueEntry['parameters']> };

function isRunnable(entry: CatalogueEntry | undefined): entry is RunnableEntry {
  return Boolean(entry?.available && entry.parameters);
}

function TypeCard({ entry, selected, onSelect }: { entry: CatalogueEntry; selected: boolean; onSelect: () => void }) {
  const { familySchematics, weldingForm } = useSimulationSlots();
  const { Sketch: FamilySketch, has: hasFamilySchematic } = familySchematics;
  const { JointSketch, hasJointSketch } = weldingForm;
  const body = (
    <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{entry.label}</Typography>
        {selected ? (
          <Box sx={{ color: 'primary.main', display: 'flex' }}>
            <Icon path={mdiCheckCircle} size={0.85} aria-hidden />
          </Box>
        ) : null}
      </Box>
      {hasJointSketch(entry.type) ? (
        <Box sx={{ py: 0.5 }}>
          <JointSketch type={entry.type} label={entry.label} />
        </Box>
      ) : null}
      {hasFamilySchematic(entry.type) && entry.defaults ? (
        <Box sx={{ py: 0.5 }}>
          <FamilySketch type={entry.type} parameters={entry.defaults} compact />
        </Box>
      ) : null}
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {entry.type}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        {entry.description}
      </Typography>
      <Box>
        {entry.available ? <Chip size="small" color="success" variant="outlined" label="Available" /> : <Chip size="small" variant="outlined" label="Coming soon" />}
      </Box>
    </CardContent>
  );
  return (
    <Card
      data-type={entry.type}
      sx={{
        height: '100%',
        borderColor: selected ? 'primary.main' : undefined,
        borderWidth: selected ? 2 : 1,
        opacity: entry.available ? 1 : 0.7,
        bgcolor: entry.available ? undefined : 'surface.raised',
      }}
    >
      {entry.available ? (
        <CardActionArea onClick={onSelect} aria-pressed={selected} aria-label={`${entry.label} (${entry.type})`} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        <Box aria-disabled="true" aria-label={`${entry.label} (${entry.type}), coming soon`}>
          {body}
        </Box>
      )}
    </Card>
  );
}

function CreateMode({ family }: { family: SimulationFamily }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const entries = simulationCatalogue.filter((e) => e.family === family);
  const wanted = catalogueEntry((params.get('type') ?? '').toUpperCase());
  const selected = isRunnable(wanted) && wanted.family === family ? wanted : entries.find(isRunnable);
  const availableNow = simulationCatalogue.filter((e) => e.available);

  return (
    <>
      <PageHeader title={createTitles[family]} subtitle={familySubtitles[family]} />
      <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
        {family === 'cwm' ? 'Joint type' : 'Simulation type'}
      </Typography>
      <Box role="list" aria-label="Simulation types" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, mb: 3 }}>
        {entries.map((entry) => (
          <Box role="listitem" key={entry.type}>
            <TypeCard
              entry={entry}
              selected={selected?.type === entry.type}
              onSelect={() => {
                const next = new URLSearchParams(params);
                next.set('type', entry.type);
                setParams(next, { replace: true });
              }}
            />
          </Box>
        ))}
      </Box>
      {selected && isRunnable(selected) ? (
        <SimulationEditor key={selected.type} entry={selected} mode="create" onDone={(created) => navigate(paths.simulationView(created.id))} />
      ) : (
        <Alert severity="info">
          The {familyLabels[family].toLowerCase()} simulation types are coming soon: their solvers and parameter forms are being verified.
          {availableNow.length > 0 ? ' Available now:' : ''}
          {availableNow.length > 0 ? (
            <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {availableNow.map((entry) => (
                <Button key={entry.type} size="small" variant="outlined" component={RouterLink} to={createPathForType(entry.type)}>
                  {entry.label}
                </Button>
              ))}
            </Box>
          ) : null}
        </Alert>
      )}
    </>
  );
}

/** Editing an existing simulation with the same form: `?edit={id}` on its family's create screen, or the admin's edit screen. */
export function EditSimulation({ id, onDone, onCancel, backTo, backLabel }: { id: string; onDone: (saved: { id: string }) => void; onCancel: () => void; backTo?: string; backLabel?: string }) {
  // Always the latest revision (every status change bumps it; a stale one would be refused with 409).
  const simulation = useQuery({ ...simulationQuery(id), staleTime: 0, refetchOnMount: 'always' });
  if (simulation.isPending || (simulation.isFetching && !simulation.isFetchedAfterMount)) {
    return (
      <>
        <PageHeader title="Edit simulation" />
        <LinearProgress aria-label="Loading simulation" />
      </>
    );
  }
  if (simulation.isError || !simulation.data) {
    if (isNotFound(simulation.error)) return <SimulationNotFound backTo={backTo} backLabel={backLabel} />;
    return (
      <>
        <PageHeader title="Edit simulation" />
        <ErrorAlert onRetry={() => void simulation.refetch()}>{errorDetail(simulation.error).message}</ErrorAlert>
      </>
    );
  }
  const data = simulation.data;
  const entry = catalogueEntry(data.type);
  return (
    <>
      <PageHeader title="Edit simulation" subtitle={`${data.title} · ${entry?.label ?? data.type} (${data.type})${data.owner_email ? ` · ${data.owner_email}` : ''}`} />
      {isRunnable(entry) ? (
        <SimulationEditor
          key={`${data.id}:${data.revision}`}
          entry={entry}
          simulation={data}
          mode="edit"
          onDone={onDone}
          onCancel={onCancel}
          disabledReason={isActiveStatus(data.status) ? 'This simulation is queued or running: abort it or wait until it has finished to edit it.' : null}
        />
      ) : (
        <Alert severity="info">The form of {data.type} is coming soon; this simulation cannot be edited yet.</Alert>
      )}
    </>
  );
}

/** `?edit={id}` on a create route: that simulation's editor, back to its page when saved or cancelled. */
export function EditFromCreateRoute({ id }: { id: string }) {
  const navigate = useNavigate();
  return <EditSimulation key={id} id={id} onDone={(saved) => navigate(paths.simulationView(saved.id))} onCancel={() => navigate(paths.simulationView(id))} />;
}

/** main/simulations/create, create-pipe, create-jet, create-melt-pool (and `?edit={id}` on them). */
export function CreateSimulationScreen({ family }: { family: SimulationFamily }) {
  const [params] = useSearchParams();
  const editId = params.get(EDIT_PARAM);
  if (editId) return <EditFromCreateRoute id={editId} />;
  return <CreateMode family={family} />;
}
