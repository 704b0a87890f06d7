import { Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiContentSaveOutline, mdiPlay } from '@mdi/js';
import { describeForm, networkSimulationTypes, simulationLimits, type CatalogueEntry, type Simulation, type WeldingCrossSection } from '@simforge/contracts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { FormTextField } from '../../../components/ui/FormTextField';
import { formatDuration } from '../../../lib/displayUnits';
import { errorDetail } from '../../../lib/errorDetail';
import { rules } from '../../../lib/formRules';
import { createSimulation, saveThenRun, updateSimulation } from '../simulationsApi';
import { EstimatePanel } from './EstimatePanel';
import { ParameterFields, type EditorValues, type FieldDecorations } from './ParameterFields';
import { initialCustomValues, initialFormValues, rejectedFields, titleAndDescription, toParameters, validateAll, validateTexts, withCustomValue, withoutMessage, type CustomValues } from './parameterForm';
import { TextParameterCard } from './TextParameterCard';
import { PolygonParameterCard, polygonFromSection, type PolygonPoints } from './PolygonParameterCard';
import { useEstimate, type EstimateState } from './useEstimate';
import { useSimulationSlots, type WeldingForm } from '../slots';

/** NetworkInpDiagram's reason while an edit is written back to the .inp text (it clears when done). */
const DIAGRAM_WRITING = 'The diagram is being written to the .inp text';
const WRITE_BACK_WAIT_MS = 10_000;

const CROSS_SECTION = 'cross_section';

/** What decides the drawn section: the joint geometry and the custom section. */
const sectionKey = (parameters: Record<string, unknown>) => JSON.stringify([parameters.geometry ?? null, parameters[CROSS_SECTION] ?? null]);

const only = (errors: Record<string, string>, keep: (path: string) => boolean) => Object.fromEntries(Object.entries(errors).filter(([path]) => keep(path)));
const isSectionPath = (path: string) => path === CROSS_SECTION || path.startsWith(`${CROSS_SECTION}.`);

const titleRule = (value: unknown) => {
  const required = rules('required')(value);
  if (required !== true) return required;
  return String(value).trim().length <= simulationLimits.titleMax ? true : `At most ${simulationLimits.titleMax} characters`;
};
const descriptionRule = (value: unknown) => (String(value ?? '').length <= simulationLimits.descriptionMax ? true : `At most ${simulationLimits.descriptionMax} characters`);

export type EditorMode = 'create' | 'edit';

/**
 * Title, description and the type's parameters (generated from its schema), with the fast estimate
 * beside them. Create makes a draft (and optionally runs it); edit saves with the revision it
 * loaded (a concurrent change answers 409). Server validation messages land on their fields.
 */
// Long function: a React component whose hooks and handlers share its state; most of its length is markup.
export function SimulationEditor({
  entry,
  simulation,
  mode,
  onDone,
  onCancel,
  disabledReason,
}: {
  entry: CatalogueEntry & { parameters: NonNullable<CatalogueEntry['parameters']> };
  simulation?: Simulation;
  mode: EditorMode;
  onDone: (saved: Simulation) => void;
  onCancel?: () => void;
  /** Editing is not possible now (queued or running): the form is read-only and says why. */
  disabledReason?: string | null;
}) {
  const { AssistantButton, NetworkInpDiagram, familySchematics, weldingForm } = useSimulationSlots();
  const queryClient = useQueryClient();
  const form = useMemo(() => describeForm(entry.parameters), [entry.parameters]);
  const { control, handleSubmit, setError, formState } = useForm<EditorValues>({
    mode: 'onChange',
    defaultValues: {
      title: simulation?.title ?? '',
      description: simulation?.description ?? '',
      parameters: initialFormValues(form, simulation?.parameters ?? entry.defaults),
    },
  });
  const [alert, setAlert] = useState<string | null>(null);
  // Why the last Create / Save did nothing (the diagram still writing or with problems), shown beside the buttons.
  const [blockedNotice, setBlockedNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<'save' | 'run' | null>(null);
  // Parameters edited by widgets rather than inputs (the welding cross-section), SI.
  const [custom, setCustom] = useState<CustomValues>(() => initialCustomValues(form, simulation?.parameters ?? entry.defaults));
  const [customSaveErrors, setCustomSaveErrors] = useState<Record<string, string>>({});
  // Text parameters (an .inp file): the form's own messages, and the server's from the last save.
  const textFields = form.custom.filter((f) => f.widget === 'text');
  const polygonFields = form.custom.filter((f) => f.widget === 'polygon');
  // A network's diagram with problems (or still writing) keeps the form from saving a different file.
  const [diagramBlocked, setDiagramBlocked] = useState<string | null>(null);
  // The newest diagram state and texts, for a save that waits for the diagram's write-back.
  const latest = useRef({ diagramBlocked, custom });
  latest.current = { diagramBlocked, custom };
  async function untilWrittenBack(): Promise<void> {
    const started = Date.now();
    while (latest.current.diagramBlocked === DIAGRAM_WRITING && Date.now() - started < WRITE_BACK_WAIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const textErrors: Record<string, string> = { ...validateTexts(form, custom), ...(diagramBlocked ? { inp: diagramBlocked } : {}) };
  const [textSaveErrors, setTextSaveErrors] = useState<Record<string, string>>({});
  const values = (useWatch({ control, name: 'parameters' }) ?? {}) as EditorValues['parameters'];
  const invalid = Object.keys(validateAll(form, values)).length > 0 || Object.keys(textErrors).length > 0;
  const parametersKey = invalid ? null : JSON.stringify(toParameters(form, values, custom));
  const parameters = useMemo(() => (parametersKey === null ? null : (JSON.parse(parametersKey) as Record<string, unknown>)), [parametersKey]);
  const disabled = Boolean(disabledReason) || pending !== null;
  // Also while the form is read-only (a running simulation): the estimate and the section are still shown.
  const estimate = useEstimate(entry.type, parameters);
  const hasCrossSection = form.custom.some((f) => f.path === CROSS_SECTION && f.widget === 'cross_section');
  const decorations = editorDecorations({ form, values, custom, estimate, invalid, disabled, hasCrossSection, customSaveErrors, type: entry.type, onSection: setSection, weldingForm });

  function setPolygon(path: string, points: PolygonPoints | undefined) {
    setTextSaveErrors((current) => withoutMessage(current, path));
    setCustom((current) => withCustomValue(current, path, points));
  }

  function setSection(value: WeldingCrossSection | undefined) {
    setCustomSaveErrors({});
    setCustom((current) => withCustomValue(current, CROSS_SECTION, value));
  }

  function setText(path: string, value: string) {
    setTextSaveErrors((current) => withoutMessage(current, path));
    setCustom((current) => withCustomValue(current, path, value));
  }

  async function save(data: EditorValues, andRun: boolean) {
    setAlert(null);
    setBlockedNotice(null);
    if (latest.current.diagramBlocked === DIAGRAM_WRITING) {
      // A diagram edit is still being written to the .inp text: save what the user sees once it is.
      setPending(andRun ? 'run' : 'save');
      await untilWrittenBack();
      setPending(null);
    }
    const { diagramBlocked: blocked, custom: current } = latest.current;
    if (blocked) setBlockedNotice(`Not saved: ${blocked}. ${blocked === DIAGRAM_WRITING ? 'Try again in a moment.' : 'Fix the diagram first.'}`);
    if (Object.keys(validateTexts(form, current)).length > 0 || blocked) return;
    setPending(andRun ? 'run' : 'save');
    const body = { ...titleAndDescription(data), parameters: toParameters(form, data.parameters, current) };
    const write = () => (mode === 'create' ? createSimulation({ ...body, type: entry.type }) : updateSimulation(simulation!.id, { ...body, revision: simulation!.revision }));
    try {
      onDone(await saveThenRun(queryClient, write, andRun));
    } catch (error) {
      setPending(null);
      const byField = rejectedFields(error);
      if (byField) {
        const known = new Set(['title', 'description', ...form.fields.map((f) => `parameters.${f.path}`)]);
        const unplaced: string[] = [];
        const sectionErrors: Record<string, string> = {};
        const texts: Record<string, string> = {};
        for (const [path, message] of Object.entries(byField)) {
          const parameter = path.replace(/^parameters\./, '');
          if (known.has(path)) setError(path as FieldPath<EditorValues>, { type: 'server', message }, { shouldFocus: true });
          else if (hasCrossSection && path.startsWith('parameters.') && isSectionPath(parameter)) sectionErrors[parameter] = message;
          else if (path.startsWith('parameters.') && [...textFields, ...polygonFields].some((f) => f.path === parameter || parameter.startsWith(`${f.path}.`) || parameter.startsWith(`${f.path}[`))) texts[polygonFields.find((f) => parameter.startsWith(f.path))?.path ?? parameter] = message;
          else unplaced.push(`${path}: ${message}`);
        }
        setCustomSaveErrors(sectionErrors);
        setTextSaveErrors(texts);
        setAlert(unplaced.length ? unplaced.join('; ') : Object.keys(byField).length ? null : errorDetail(error).message);
      } else {
        setAlert(errorDetail(error).message);
      }
    }
  }

  const create = mode === 'create';
  const busyIcon = <CircularProgress size={16} color="inherit" aria-hidden />;

  return (
    <Box
      component="form"
      noValidate
      aria-label={create ? `New ${entry.label} simulation` : `Edit ${simulation?.title ?? 'simulation'}`}
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit((data) => save(data, false))(event);
      }}
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        {disabledReason ? <Alert severity="info">{disabledReason}</Alert> : null}
        {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
        <Card>
          <CardContent sx={{ pb: '8px !important' }}>
            <Typography variant="h3" component="h2">
              Simulation
            </Typography>
            <FormTextField control={control} name="title" label="Title" validate={titleRule} disabled={disabled} autoFocus={create} />
            <FormTextField control={control} name="description" label="Description" validate={descriptionRule} disabled={disabled} helperText="Optional: what this case is for" multiline minRows={2} />
          </CardContent>
        </Card>
        {textFields.map((field) => (
          <TextParameterCard
            key={field.path}
            field={field}
            value={typeof custom[field.path] === 'string' ? (custom[field.path] as string) : ''}
            onChange={(value) => setText(field.path, value)}
            error={textErrors[field.path] ?? textSaveErrors[field.path] ?? estimate.fieldErrors[field.path]}
            disabled={disabled}
          />
        ))}
        {networkSimulationTypes.includes(entry.type) && textFields.some((f) => f.path === 'inp') ? (
          <Suspense fallback={null}>
            <NetworkInpDiagram
              inp={typeof custom['inp'] === 'string' ? custom['inp'] : ''}
              onInpChange={(text) => setText('inp', text)}
              onBlocked={setDiagramBlocked}
              variant={entry.type === 'PIPE_NETWORK_2' ? 'v2' : 'v1'}
              disabled={disabled}
            />
          </Suspense>
        ) : null}
        <familySchematics.Schematic type={entry.type} parameters={parameters} />
        {polygonFields.map((field) => (
          <PolygonParameterCard
            key={field.path}
            field={field}
            value={custom[field.path]}
            onChange={(points) => setPolygon(field.path, points)}
            error={textSaveErrors[field.path] ?? estimate.fieldErrors[field.path]}
            disabled={disabled}
          />
        ))}
        <ParameterFields form={form} values={values} control={control} disabled={disabled} title={`${entry.label} parameters`} decorations={decorations} />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, position: { lg: 'sticky' }, top: { lg: 88 } }}>
        <Card>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {create ? 'Creates a draft you can run now or later.' : 'Changed parameters return a finished simulation to draft; its runs stay in the history.'}
            </Typography>
            <Button type="submit" variant={create ? 'outlined' : 'contained'} disabled={disabled} startIcon={pending === 'save' ? busyIcon : <Icon path={mdiContentSaveOutline} size={0.8} aria-hidden />}>
              {create ? 'Create' : 'Save'}
            </Button>
            <Button
              type="button"
              variant={create ? 'contained' : 'outlined'}
              disabled={disabled}
              onClick={() => void handleSubmit((data) => save(data, true))()}
              startIcon={pending === 'run' ? busyIcon : <Icon path={mdiPlay} size={0.8} aria-hidden />}
            >
              {create ? 'Create and run' : 'Save and run'}
            </Button>
            {onCancel ? (
              <Button type="button" onClick={onCancel} disabled={pending !== null}>
                Cancel
              </Button>
            ) : null}
            {blockedNotice && diagramBlocked ? (
              <Typography variant="body2" color="error.main" role="alert" data-testid="save-blocked">
                {blockedNotice}
              </Typography>
            ) : null}
            {formState.submitCount > 0 && Object.keys(formState.errors).length > 0 ? (
              <Typography variant="body2" color="error.main" role="alert">
                Some fields need attention.
              </Typography>
            ) : null}
          </CardContent>
        </Card>
        <EstimatePanel type={entry.type} estimate={estimate} invalid={invalid} />
        <AssistantButton
          screen="create"
          type={entry.type}
          parameters={toParameters(form, values, custom)}
          onImportCrossSection={
            hasCrossSection
              ? (drawn) => setSection(drawn as WeldingCrossSection)
              : polygonFields[0]
                ? (drawn) => setPolygon(polygonFields[0]!.path, polygonFromSection(drawn))
                : undefined
          }
        />
      </Box>
    </Box>
  );
}

/**
 * What the estimate adds to the generated form: the server's messages beside their fields, the run
 * time of each mesh preset, the heat input under the process values, and (welding) the
 * cross-section preview and designer before the joint geometry.
 */
function editorDecorations({
  form,
  values,
  custom,
  estimate,
  invalid,
  disabled,
  hasCrossSection,
  customSaveErrors,
  type,
  onSection,
  weldingForm,
}: {
  form: ReturnType<typeof describeForm>;
  values: EditorValues['parameters'];
  custom: CustomValues;
  estimate: EstimateState;
  invalid: boolean;
  disabled: boolean;
  hasCrossSection: boolean;
  customSaveErrors: Record<string, string>;
  type: string;
  onSection(value: WeldingCrossSection | undefined): void;
  weldingForm: WeldingForm;
}): FieldDecorations {
  const { CrossSectionCard, HeatInputLine } = weldingForm;
  const latest = estimate.query.data;
  const byMesh = latest?.expected_runtime_seconds_by_mesh;
  const meshField = form.fields.some((f) => f.path === 'mesh_size');
  const processFields = ['voltage', 'current', 'efficiency', 'travel_speed'].every((key) => form.fields.some((f) => f.path === `process.${key}`));

  const snapshot = estimate.lastPreview;
  const nowKey = sectionKey(toParameters(form, values, custom));
  const status = snapshot && sectionKey(snapshot.parameters) === nowKey ? 'current' : invalid || estimate.query.isError ? 'invalid' : 'updating';
  const sectionErrors = { ...only(estimate.fieldErrors, isSectionPath), ...customSaveErrors };

  const beforeGroup = (path: string): ReactNode =>
    hasCrossSection && path === 'geometry' ? (
      <CrossSectionCard
        type={type}
        snapshot={snapshot}
        status={status}
        value={custom[CROSS_SECTION] as WeldingCrossSection | undefined}
        onChange={onSection}
        errors={sectionErrors}
        disabled={disabled}
      />
    ) : null;
  const groupFooter = (path: string): ReactNode => (processFields && path === 'process' ? <HeatInputLine values={values} estimate={estimate.current} /> : null);
  const runTime = (preset: unknown): number | undefined => {
    if (typeof preset === 'string' && byMesh?.[preset] !== undefined) return byMesh[preset];
    return estimate.current?.expected_runtime_seconds;
  };
  return {
    serverErrors: estimate.fieldErrors,
    helperText: (path) => {
      if (!meshField || path !== 'mesh_size') return undefined;
      const seconds = runTime(values.mesh_size);
      return seconds === undefined ? undefined : `Expected run time ≈ ${formatDuration(seconds)}`;
    },
    optionHint: (path, value) => (path === 'mesh_size' && byMesh?.[value] !== undefined ? `≈ ${formatDuration(byMesh[value])}` : undefined),
    beforeGroup,
    groupFooter,
  };
}
