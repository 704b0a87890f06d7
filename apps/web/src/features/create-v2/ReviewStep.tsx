import { Alert, Box, Button, Card, CardContent, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { Control } from 'react-hook-form';
import { getAtPath, isFieldVisible, simulationLimits, type EstimateResponse, type FormDescription, type FormField } from '@simforge/contracts';
import { FormTextField } from '../../components/ui/FormTextField';
import { formatDuration, formatNumber } from '../../lib/displayUnits';
import { rules } from '../../lib/formRules';
import { toSIIn } from '../../lib/unitSystems';
import type { EditorValues } from '../simulations/form/ParameterFields';
import { parseNumberInput, type CustomValues } from '../simulations/form/parameterForm';
import { stepDescription, stepLabels, stepsOf, type ParameterStep } from './steps';
import type { RunnableEntry } from './runnableEntry';
import { SiTooltip } from '../../components/ui/SiTooltip';
import { TableHeadings } from '../../components/ui/TableHeadings';

export const titleRule = (value: unknown) => {
  const required = rules('required')(value);
  if (required !== true) return required;
  return String(value).trim().length <= simulationLimits.titleMax ? true : `At most ${simulationLimits.titleMax} characters`;
};
export const descriptionRule = (value: unknown) => (String(value ?? '').length <= simulationLimits.descriptionMax ? true : `At most ${simulationLimits.descriptionMax} characters`);

/** `Geometry › Thickness`: the enclosing groups and the field's label. */
const fieldName = (field: FormField) => [...field.groups, field.label].join(' › ');

function shownValue(field: FormField, value: unknown): { text: string; unit: string; si?: string } {
  if (field.kind === 'enum') return { text: field.options.find((o) => o.value === value)?.label ?? String(value ?? ''), unit: '' };
  const number = parseNumberInput(value);
  const si = Number.isFinite(number) ? toSIIn(number, field.displayUnit) : Number.NaN;
  return { text: String(value ?? ''), unit: field.displayUnit, ...(Number.isFinite(si) && field.unit ? { si: `${formatNumber(si, 10)} ${field.unit}` } : {}) };
}

function customText(widget: string, value: unknown): string {
  if (typeof value === 'string') return `${value.split(/\r\n|\n|\r/).length.toLocaleString('en-US')} lines`;
  if (widget === 'cross_section' && value && typeof value === 'object') {
    const parts = (value as { parts?: unknown[] }).parts?.length ?? 0;
    return `Drawn section, ${parts} part${parts === 1 ? '' : 's'}`;
  }
  return 'Default';
}

/** Every value of every step with its unit (SI in a tooltip), the title, and the expected run time. */
export function ReviewStep({
  entry,
  form,
  values,
  custom,
  control,
  disabled,
  estimate,
  onEdit,
}: {
  entry: RunnableEntry;
  form: FormDescription;
  values: EditorValues['parameters'];
  custom: CustomValues;
  control: Control<EditorValues>;
  disabled: boolean;
  estimate: EstimateResponse | null;
  onEdit(step: ParameterStep): void;
}) {
  return (
    <>
      <Card>
        <CardContent sx={{ pb: '8px !important' }}>
          <Typography variant="h3" component="h3">
            Simulation
          </Typography>
          <FormTextField control={control} name="title" label="Title" validate={titleRule} disabled={disabled} />
          <FormTextField control={control} name="description" label="Description" validate={descriptionRule} disabled={disabled} helperText="Optional: what this case is for" multiline minRows={2} />
          <Typography variant="body2" color="text.secondary">
            {entry.label} ({entry.type}) · expected run time{' '}
            <Box component="strong" data-testid="review-runtime">
              {estimate ? formatDuration(estimate.expected_runtime_seconds) : '—'}
            </Box>
          </Typography>
          {estimate?.work_budget && !estimate.work_budget.within_limits ? (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="review-work-budget">
              {estimate.work_budget.message}
            </Alert>
          ) : null}
        </CardContent>
      </Card>
      {stepsOf(form).map((step) => {
        const part = stepDescription(form, step);
        const fields = part.fields.filter((f) => isFieldVisible(f, values));
        const customs = part.custom.filter((f) => f.widget === 'text' || f.widget === 'cross_section');
        return (
          <Card key={step}>
            <CardContent>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Typography variant="h3" component="h3" sx={{ flexGrow: 1 }}>
                  {stepLabels[step]}
                </Typography>
                <Button size="small" onClick={() => onEdit(step)} aria-label={`Edit ${stepLabels[step]}`}>
                  Edit
                </Button>
              </Box>
              <Table size="small" aria-label={`Review: ${stepLabels[step]}`}>
                <TableHeadings columns={['Parameter', { label: 'Value', align: 'right' }, 'Unit']} />
                <TableBody>
                  {customs.map((field) => (
                    <TableRow key={field.path} data-path={field.path}>
                      <TableCell>{[...field.groups, field.label].join(' › ')}</TableCell>
                      <TableCell align="right">{customText(field.widget, custom[field.path])}</TableCell>
                      <TableCell />
                    </TableRow>
                  ))}
                  {fields.map((field) => {
                    const shown = shownValue(field, getAtPath(values, field.path));
                    return (
                      <TableRow key={field.path} data-path={field.path}>
                        <TableCell>{fieldName(field)}</TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                          <SiTooltip si={shown.si}>{shown.text}</SiTooltip>
                        </TableCell>
                        <TableCell>{shown.unit}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        );
      })}
    </>
  );
}
