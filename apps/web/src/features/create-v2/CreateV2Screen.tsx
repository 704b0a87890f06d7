import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardActionArea, CardContent, LinearProgress, Step, StepButton, Stepper, Typography } from '@mui/material';
import { describeForm, familyLabels, familyOf, simulationCatalogue, simulationFamilies, type CatalogueEntry, type SimulationFamily } from '@simforge/contracts';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorDetail } from '../../lib/errorDetail';
import { CatalogueByFamily, FamilyHeading, familyQuestions, TypeCard } from './CatalogueCards';
import { CreateV2Wizard, type WizardStart } from './CreateV2Wizard';
import type { RunnableEntry } from './runnableEntry';
import { FROM_PARAM, mergeParameters, prefillFromQuery } from './prefill';
import { createV2Path, resolveCreateV2 } from './resolve';
import { stepLabels, type ParameterStep } from './steps';
import { UnitSystemSwitch } from './UnitSystemSwitch';
import { paths } from '../../lib/redirects';
import { copyTitle, simulationQuery } from '../simulations/simulationsApi';
import { isNotFound } from '../simulations/view/SimulationViewScreen';

type ShownStep = 'family' | 'type' | ParameterStep | 'review';

function isRunnable(entry: CatalogueEntry): entry is RunnableEntry {
  return Boolean(entry.available && entry.parameters);
}

/** The query without the keys that only select (so a family or type link keeps the values handed over). */
function keptQuery(params: URLSearchParams): string {
  return params.toString();
}

function FamilyChoice({ query }: { query: string }) {
  return (
    <Box role="list" aria-label="Simulation families" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
      {simulationFamilies.map((family) => {
        const types = simulationCatalogue.filter((e) => e.family === family);
        const available = types.filter((e) => e.available).length;
        return (
          <Card role="listitem" key={family}>
            <CardActionArea component={RouterLink} to={createV2Path(family, undefined, query)} aria-label={`${familyLabels[family]} (${family})`} sx={{ height: '100%' }}>
              <CardContent>
                <FamilyHeading family={family} component="h2" />
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {familyQuestions[family]}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {types.length} types, {available} available now
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}

function TypeChoice({ families, query }: { families: readonly SimulationFamily[]; query: string }) {
  return (
    <CatalogueByFamily
      families={families}
      renderType={(entry) => (
        <TypeCard
          entry={entry}
          action={
            entry.available ? (
              <Button variant="contained" size="small" component={RouterLink} to={createV2Path(entry.family, entry.type, query)} aria-label={`Choose ${entry.label}`}>
                Choose
              </Button>
            ) : (
              <Button size="small" disabled aria-label={`${entry.label}: coming soon`}>
                Coming soon
              </Button>
            )
          }
        />
      )}
    />
  );
}

function StepperBar({ family, entry, step, steps, query, onStep }: { family?: SimulationFamily | 'unknown'; entry?: CatalogueEntry; step: ShownStep; steps: ShownStep[]; query: string; onStep?(step: ShownStep): void }) {
  const navigate = useNavigate();
  const active = steps.indexOf(step);
  return (
    <Stepper nonLinear activeStep={active} aria-label="Creation steps" sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1 }}>
      {steps.map((s, i) => {
        const completed = i < active;
        const go = () => {
          if (s === 'family') navigate(createV2Path(undefined, undefined, query));
          else if (s === 'type') navigate(createV2Path(family, undefined, query));
          else onStep?.(s);
        };
        return (
          <Step key={s} completed={completed}>
            <StepButton onClick={go} disabled={!completed} aria-current={i === active ? 'step' : undefined} optional={s === 'family' && family && family !== 'unknown' ? <Typography variant="caption">{familyLabels[family]}</Typography> : s === 'type' && entry ? <Typography variant="caption">{entry.label}</Typography> : undefined}>
              {stepLabels[s]}
            </StepButton>
          </Step>
        );
      })}
    </Stepper>
  );
}

const PARAMETER_STEPS_GUESS: ShownStep[] = ['family', 'type', 'geometry', 'process', 'settings', 'review'];

function TypeWizard({ entry, query }: { entry: RunnableEntry; query: URLSearchParams }) {
  const navigate = useNavigate();
  const fromId = query.get(FROM_PARAM);
  const source = useQuery({ ...simulationQuery(fromId ?? ''), enabled: Boolean(fromId) });
  const [shown, setShown] = useState<{ step: ShownStep; steps: ShownStep[] }>({ step: 'geometry', steps: PARAMETER_STEPS_GUESS });
  const [requested, setRequested] = useState<{ step: ParameterStep | 'review'; n: number } | null>(null);
  const form = useMemo(() => describeForm(entry.parameters), [entry.parameters]);
  const prefill = useMemo(() => prefillFromQuery(form, query), [form, query]);
  const onStepChange = useCallback((step: ParameterStep | 'review', steps: (ParameterStep | 'review')[]) => setShown({ step, steps: ['family', 'type', ...steps] }), []);

  if (fromId && source.isPending) return <LinearProgress aria-label="Loading the simulation to copy" />;
  if (fromId && source.isError) {
    return <ErrorAlert>{isNotFound(source.error) ? `The simulation ${fromId} to copy was not found.` : errorDetail(source.error).message}</ErrorAlert>;
  }
  const from = fromId ? source.data : undefined;
  if (from && from.type !== entry.type) {
    return (
      <Alert severity="warning">
        The simulation to copy is a {from.type}, not a {entry.type}.{' '}
        <RouterLink to={createV2Path(catalogueFamily(from.type), from.type, query.toString())}>Open it as {from.type}</RouterLink>
      </Alert>
    );
  }
  const parameters = mergeParameters(entry.defaults, from?.parameters, prefill.parameters);
  const custom = Object.fromEntries(form.custom.map((f) => [f.path, parameters[f.path]]).filter(([, v]) => v !== undefined && v !== null));
  const start: WizardStart = {
    parameters,
    custom,
    title: prefill.title ?? (from ? copyTitle(from.title) : entry.label),
    description: prefill.description ?? from?.description ?? '',
  };
  return (
    <>
      <StepperBar family={entry.family} entry={entry} step={shown.step} steps={shown.steps} query={query.toString()} onStep={(s) => setRequested((r) => ({ step: s as ParameterStep | 'review', n: (r?.n ?? 0) + 1 }))} />
      {prefill.ignored.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Not parameters of {entry.type}, ignored: {prefill.ignored.join(', ')}
        </Alert>
      ) : null}
      {from ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Starting from “{from.title}”: its parameters are filled in.
        </Alert>
      ) : null}
      <CreateV2Wizard
        key={`${entry.type}:${fromId ?? ''}`}
        entry={entry}
        start={start}
        requestedStep={requested}
        onStepChange={onStepChange}
        onCreated={(created) => navigate(paths.simulationView(created.id))}
      />
    </>
  );
}

function catalogueFamily(type: string): SimulationFamily | 'unknown' {
  return familyOf(type);
}

/** create-v2[/family-or-type[/type]]: family → type → geometry → material and process → mesh and run settings → review. */
export function CreateV2Screen() {
  const { familyOrType, simulationType } = useParams();
  const [params] = useSearchParams();
  const target = resolveCreateV2(familyOrType, simulationType);
  const query = keptQuery(params);
  const header = <PageHeader title="Create simulation" subtitle="Step by step, with a live estimate; every value in the unit system you choose." actions={<UnitSystemSwitch />} />;

  if (target.kind === 'type' && isRunnable(target.entry)) {
    return (
      <>
        {header}
        <TypeWizard entry={target.entry} query={params} />
      </>
    );
  }
  const steps: ShownStep[] = ['family', 'type', 'geometry', 'process', 'settings', 'review'];
  return (
    <>
      {header}
      {target.kind === 'unknown' ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {target.message}
        </Alert>
      ) : null}
      {target.kind === 'type' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {target.entry.label} ({target.entry.type}) is coming soon: its solver and parameters are on the way. Choose an available type.
        </Alert>
      ) : null}
      {target.kind === 'catalogue' || (target.kind === 'unknown' && !target.family) ? (
        <>
          <StepperBar step="family" steps={steps} query={query} />
          <FamilyChoice query={query} />
          {target.kind === 'unknown' ? (
            <Box sx={{ mt: 3 }}>
              <TypeChoice families={simulationFamilies} query={query} />
            </Box>
          ) : null}
        </>
      ) : (
        <>
          <StepperBar family={target.family} step="type" steps={steps} query={query} />
          <TypeChoice families={target.family && target.family !== 'unknown' ? [target.family] : simulationFamilies} query={query} />
        </>
      )}
    </>
  );
}
