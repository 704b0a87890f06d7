import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiContentSaveOutline, mdiPlay } from '@mdi/js';
import { describeForm, simulationLimits, type CatalogueEntry, type Simulation } from '@simforge/contracts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { FormTextField } from '../../../components/ui/FormTextField';
import { ApiError } from '../../../lib/api';
import { errorDetail } from '../../../lib/errorDetail';
import { rules } from '../../../lib/formRules';
import { createSimulation, refreshAfterChange, runSimulation, updateSimulation } from '../simulationsApi';
import { EstimatePanel } from './EstimatePanel';
import { ParameterFields, type EditorValues } from './ParameterFields';
import { initialFormValues, serverFieldErrors, toParameters, validateAll } from './parameterForm';

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
  const [pending, setPending] = useState<'save' | 'run' | null>(null);
  const values = (useWatch({ control, name: 'parameters' }) ?? {}) as EditorValues['parameters'];
  const invalid = Object.keys(validateAll(form, values)).length > 0;
  const parametersKey = invalid ? null : JSON.stringify(toParameters(form, values));
  const parameters = useMemo(() => (parametersKey === null ? null : (JSON.parse(parametersKey) as Record<string, unknown>)), [parametersKey]);
  const disabled = Boolean(disabledReason) || pending !== null;

  async function save(data: EditorValues, andRun: boolean) {
    setAlert(null);
    setPending(andRun ? 'run' : 'save');
    const body = {
      title: data.title.trim(),
      description: data.description.trim() === '' ? null : data.description,
      parameters: toParameters(form, data.parameters),
    };
    try {
      let saved = mode === 'create' ? await createSimulation({ ...body, type: entry.type }) : await updateSimulation(simulation!.id, { ...body, revision: simulation!.revision });
      refreshAfterChange(queryClient, saved);
      if (andRun) {
        try {
          saved = await runSimulation(saved);
          refreshAfterChange(queryClient, saved);
        } catch {
          // Announced; the simulation is saved, so the view page opens anyway.
        }
      }
      onDone(saved);
    } catch (error) {
      setPending(null);
      if (error instanceof ApiError && error.status === 422) {
        const byField = serverFieldErrors(error.body);
        const known = new Set(['title', 'description', ...form.fields.map((f) => `parameters.${f.path}`)]);
        const unplaced: string[] = [];
        for (const [path, message] of Object.entries(byField)) {
          if (known.has(path)) setError(path as FieldPath<EditorValues>, { type: 'server', message }, { shouldFocus: true });
          else unplaced.push(`${path}: ${message}`);
        }
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
        <ParameterFields form={form} values={values} control={control} disabled={disabled} title={`${entry.label} parameters`} />
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
            {formState.submitCount > 0 && Object.keys(formState.errors).length > 0 ? (
              <Typography variant="body2" color="error.main" role="alert">
                Some fields need attention.
              </Typography>
            ) : null}
          </CardContent>
        </Card>
        <EstimatePanel type={entry.type} parameters={disabledReason ? null : parameters} invalid={invalid} />
      </Box>
    </Box>
  );
}
