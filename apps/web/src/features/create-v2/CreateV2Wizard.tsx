import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiArrowLeft, mdiArrowRight, mdiContentSaveOutline, mdiPlay } from '@mdi/js';
import { describeForm, type Simulation, type WeldingCrossSection } from '@simforge/contracts';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { formatDuration } from '../../lib/displayUnits';
import { errorDetail } from '../../lib/errorDetail';
import { useUnitSystem, type UnitSystem } from '../../lib/unitSystems';
import { createSimulation, saveThenRun } from '../simulations/simulationsApi';
import { CrossSectionCard } from '../families/welding/CrossSectionCard';
import { EstimatePanel } from '../simulations/form/EstimatePanel';
import { ParameterFields, type EditorValues, type FieldDecorations } from '../simulations/form/ParameterFields';
import { rejectedFields, titleAndDescription, validateAll, validateTexts, withCustomValue, withoutMessage, type CustomValues } from '../simulations/form/parameterForm';
import { TextParameterCard } from '../simulations/form/TextParameterCard';
import { useEstimate } from '../simulations/form/useEstimate';
import { DuctSectionPreview, hasDuctSection } from './DuctSectionPreview';
import { ReviewStep } from './ReviewStep';
import type { RunnableEntry } from './runnableEntry';
import { stepDescription, stepLabels, stepOfPath, stepsOf, type ParameterStep } from './steps';
import { convertValues, describeFormIn, initialValuesIn, toParametersIn, type ShownValues } from './systemForm';

const CROSS_SECTION = 'cross_section';

export interface WizardStart {
  parameters: Record<string, unknown>;
  custom: CustomValues;
  title: string;
  description: string;
}

export type WizardStep = ParameterStep | 'review';

/**
 * The parameter steps of create-v2 for one type (geometry, material and process, mesh and run
 * settings, review), generated from its schema, with the fast estimate beside every step. "Next"
 * checks the step's fields with the spec's messages; "Create" checks them all and sends the user to
 * the first step with a message.
 */
// Long function: a React component whose hooks and handlers share its state; most of its length is markup.
export function CreateV2Wizard({
  entry,
  start,
  requestedStep,
  onStepChange,
  onCreated,
  header,
}: {
  /** A step chosen in the stepper above (a completed one); `n` changes with every request. */
  requestedStep?: { step: WizardStep; n: number } | null;
  entry: RunnableEntry;
  start: WizardStart;
  /** Reports the step shown (the stepper above lives in the screen). */
  onStepChange(step: WizardStep, steps: WizardStep[]): void;
  onCreated(simulation: Simulation): void;
  header?: React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const system = useUnitSystem();
  const base = useMemo(() => describeForm(entry.parameters), [entry.parameters]);
  const [formSystem, setFormSystem] = useState<UnitSystem>(system);
  const form = useMemo(() => describeFormIn(base, formSystem), [base, formSystem]);
  const initial = useMemo(() => initialValuesIn(form, start.parameters), []); // eslint-disable-line react-hooks/exhaustive-deps
  const shown = useRef<ShownValues>(initial.shown);
  const { control, handleSubmit, setError, clearErrors, getValues, reset, formState } = useForm<EditorValues>({
    mode: 'onChange',
    defaultValues: { title: start.title, description: start.description, parameters: initial.values },
  });
  const [custom, setCustom] = useState<CustomValues>(start.custom);
  const steps = useMemo<WizardStep[]>(() => [...stepsOf(form), 'review'], [form]);
  const [index, setIndex] = useState(0);
  const step = steps[Math.min(index, steps.length - 1)]!;
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState<'save' | 'run' | null>(null);
  const [saveErrors, setSaveErrors] = useState<Record<string, string>>({});

  // The unit system changed: the same SI values, shown in the new units.
  useEffect(() => {
    if (system === formSystem) return;
    const next = describeFormIn(base, system);
    const converted = convertValues(form, next, getValues('parameters'), shown.current);
    shown.current = { ...shown.current, ...converted.shown };
    reset({ ...getValues(), parameters: converted.values }, { keepErrors: false });
    setFormSystem(system);
  }, [system, formSystem, base, form, getValues, reset]);

  useEffect(() => onStepChange(step, steps), [step, steps, onStepChange]);
  useEffect(() => {
    if (requestedStep && steps.includes(requestedStep.step)) setIndex(steps.indexOf(requestedStep.step));
  }, [requestedStep]); // eslint-disable-line react-hooks/exhaustive-deps

  const values = (useWatch({ control, name: 'parameters' }) ?? {}) as EditorValues['parameters'];
  const textErrors = validateTexts(form, custom);
  const invalid = Object.keys(validateAll(form, values)).length > 0 || Object.keys(textErrors).length > 0;
  const parametersKey = invalid ? null : JSON.stringify(toParametersIn(form, values, custom, shown.current));
  const parameters = useMemo(() => (parametersKey === null ? null : (JSON.parse(parametersKey) as Record<string, unknown>)), [parametersKey]);
  const estimate = useEstimate(entry.type, parameters);
  const disabled = pending !== null;

  /** Client messages of some fields (display units) plus the server's for the values as typed. */
  function messagesOf(part: ReturnType<typeof stepDescription>): Record<string, string> {
    const own = validateAll(part, values);
    const texts = validateTexts(part, custom);
    const inPart = (path: string) => part.fields.some((f) => f.path === path) || part.custom.some((f) => path === f.path || path.startsWith(`${f.path}.`));
    const server = Object.fromEntries(Object.entries(estimate.fieldErrors).filter(([path]) => inPart(path)));
    return { ...server, ...texts, ...own };
  }

  function showMessages(messages: Record<string, string>) {
    const inputs = new Set(form.fields.map((f) => f.path));
    const rest: Record<string, string> = {};
    let focus = true;
    for (const [path, message] of Object.entries(messages)) {
      if (inputs.has(path)) {
        setError(`parameters.${path}` as FieldPath<EditorValues>, { type: 'validate', message }, { shouldFocus: focus });
        focus = false;
      } else rest[path] = message;
    }
    setSaveErrors(rest);
  }

  function goTo(next: number) {
    setAlert(null);
    setIndex(Math.max(0, Math.min(steps.length - 1, next)));
  }

  function next() {
    if (step !== 'review') {
      const messages = messagesOf(stepDescription(form, step));
      if (Object.keys(messages).length > 0) {
        showMessages(messages);
        setAlert('Some fields need attention.');
        return;
      }
    }
    clearErrors();
    goTo(index + 1);
  }

  async function save(data: EditorValues, andRun: boolean) {
    setAlert(null);
    const messages = messagesOf(form);
    if (Object.keys(messages).length > 0) {
      const first = Object.keys(messages).map((path) => stepOfPath(form, path)).find(Boolean);
      if (first) goTo(steps.indexOf(first));
      queueMicrotask(() => showMessages(messages));
      setAlert('Some fields need attention.');
      return;
    }
    setPending(andRun ? 'run' : 'save');
    try {
      const body = { ...titleAndDescription(data), type: entry.type, parameters: toParametersIn(form, data.parameters, custom, shown.current) };
      onCreated(await saveThenRun(queryClient, () => createSimulation(body), andRun));
    } catch (error) {
      setPending(null);
      const byField = rejectedFields(error);
      if (byField) {
        const parameterMessages = Object.fromEntries(Object.entries(byField).filter(([p]) => p.startsWith('parameters.')).map(([p, m]) => [p.slice('parameters.'.length), m]));
        const first = Object.keys(parameterMessages).map((path) => stepOfPath(form, path)).find(Boolean);
        if (first) {
          goTo(steps.indexOf(first));
          queueMicrotask(() => showMessages(parameterMessages));
        }
        for (const key of ['title', 'description'] as const) if (byField[key]) setError(key, { type: 'server', message: byField[key] });
        const other = Object.entries(byField).filter(([p]) => !p.startsWith('parameters.') && p !== 'title' && p !== 'description');
        setAlert(other.length ? other.map(([p, m]) => `${p}: ${m}`).join('; ') : 'Some fields need attention.');
      } else {
        setAlert(errorDetail(error).message);
      }
    }
  }

  const part = step === 'review' ? null : stepDescription(form, step);
  const hasCrossSection = form.custom.some((f) => f.path === CROSS_SECTION && f.widget === 'cross_section');
  const byMesh = estimate.query.data?.expected_runtime_seconds_by_mesh;
  const decorations: FieldDecorations = {
    serverErrors: { ...estimate.fieldErrors, ...saveErrors },
    optionHint: (_path, value) => (byMesh?.[value] !== undefined ? `≈ ${formatDuration(byMesh[value])}` : undefined),
  };
  const busyIcon = <CircularProgress size={16} color="inherit" aria-hidden />;
  const previewStatus = estimate.previewCurrent ? 'current' : invalid || estimate.query.isError ? 'invalid' : 'updating';

  return (
    <Box
      component="form"
      noValidate
      aria-label={`New ${entry.label} simulation`}
      onSubmit={(event) => {
        event.preventDefault();
        if (step === 'review') void handleSubmit((data) => save(data, false))(event);
        else next();
      }}
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        {header}
        {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
        <Typography variant="h2" component="h2" data-testid="create-v2-step">
          {stepLabels[step]}
        </Typography>
        {step === 'geometry' && hasCrossSection ? (
          <CrossSectionCard
            type={entry.type}
            snapshot={estimate.lastPreview}
            status={previewStatus}
            value={custom[CROSS_SECTION] as WeldingCrossSection | undefined}
            onChange={(value) => setCustom((current) => withCustomValue(current, CROSS_SECTION, value))}
            errors={Object.fromEntries(Object.entries({ ...estimate.fieldErrors, ...saveErrors }).filter(([p]) => p === CROSS_SECTION || p.startsWith(`${CROSS_SECTION}.`)))}
            disabled={disabled}
          />
        ) : null}
        {step === 'geometry' && hasDuctSection(form) ? <DuctSectionPreview form={form} values={values} /> : null}
        {part?.custom
          .filter((f) => f.widget === 'text')
          .map((field) => (
            <TextParameterCard
              key={field.path}
              field={field}
              value={typeof custom[field.path] === 'string' ? (custom[field.path] as string) : ''}
              onChange={(value) => {
                setSaveErrors((current) => withoutMessage(current, field.path));
                setCustom((current) => withCustomValue(current, field.path, value));
              }}
              error={textErrors[field.path] ?? saveErrors[field.path] ?? estimate.fieldErrors[field.path]}
              disabled={disabled}
            />
          ))}
        {part && part.nodes.length > 0 ? <ParameterFields key={`${step}:${formSystem}`} form={part} values={values} control={control} disabled={disabled} title={stepLabels[step]} decorations={decorations} /> : null}
        {step === 'review' ? <ReviewStep entry={entry} form={form} values={values} custom={custom} control={control} disabled={disabled} estimate={estimate.current} onEdit={(s) => goTo(steps.indexOf(s))} /> : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="button" onClick={() => goTo(index - 1)} disabled={index === 0 || disabled} startIcon={<Icon path={mdiArrowLeft} size={0.8} aria-hidden />}>
            Back
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {step !== 'review' ? (
            <Button type="submit" variant="contained" endIcon={<Icon path={mdiArrowRight} size={0.8} aria-hidden />}>
              Next
            </Button>
          ) : (
            <>
              <Button type="submit" variant="outlined" disabled={disabled} startIcon={pending === 'save' ? busyIcon : <Icon path={mdiContentSaveOutline} size={0.8} aria-hidden />}>
                Create
              </Button>
              <Button
                type="button"
                variant="contained"
                disabled={disabled}
                onClick={() => void handleSubmit((data) => save(data, true))()}
                startIcon={pending === 'run' ? busyIcon : <Icon path={mdiPlay} size={0.8} aria-hidden />}
              >
                Create and run
              </Button>
            </>
          )}
        </Box>
        {formState.submitCount > 0 && (formState.errors.title || formState.errors.description) ? (
          <Typography variant="body2" color="error.main" role="alert">
            Give the simulation a title.
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, position: { lg: 'sticky' }, top: { lg: 88 } }}>
        <EstimatePanel type={entry.type} estimate={estimate} invalid={invalid} />
        {step !== 'review' ? (
          <Card>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                Step {index + 1} of {steps.length}: {steps.map((s) => stepLabels[s]).join(' → ')}.
              </Typography>
            </CardContent>
          </Card>
        ) : null}
      </Box>
    </Box>
  );
}
