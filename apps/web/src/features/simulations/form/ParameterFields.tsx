import { Fragment, useState, type ReactNode } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Card, CardContent, InputAdornment, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiChevronDown, mdiInformationOutline } from '@mdi/js';
import { Controller, useFormState, type Control, type FieldPath } from 'react-hook-form';
import { getAtPath, isFieldVisible, type FormDescription, type FormField, type FormNode } from '@simforge/contracts';
import { rangeText, validateField, type ParameterFormValues } from './parameterForm';

export interface EditorValues {
  title: string;
  description: string;
  parameters: ParameterFormValues;
}

const nameOf = (path: string) => `parameters.${path}` as FieldPath<EditorValues>;

/**
 * What a type's screen adds to the generated form (all optional): the server's messages for fields
 * (from the estimate), helper text and option hints from the estimate (mesh run times), and content
 * before or at the end of a group's card (the welding cross-section, the heat input).
 */
export interface FieldDecorations {
  /** Parameter path -> message, shown on the field while it has no message of its own. */
  serverErrors?: Readonly<Record<string, string>>;
  /** Helper text of a field (replaces its range or description) while it has no message. */
  helperText?(path: string): string | undefined;
  /** A short text beside one option of an enum field (the run time of a mesh preset). */
  optionHint?(path: string, value: string): string | undefined;
  /** Content before a group's card. */
  beforeGroup?(path: string): ReactNode;
  /** Content at the end of a group's card. */
  groupFooter?(path: string): ReactNode;
}

const NO_DECORATIONS: FieldDecorations = {};

function DescriptionHint({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <Tooltip title={text}>
      <Box component="span" sx={{ display: 'inline-flex', color: 'text.secondary', cursor: 'help' }} aria-label={text} role="img">
        <Icon path={mdiInformationOutline} size={0.7} />
      </Box>
    </Tooltip>
  );
}

function ParameterInput({ field, control, disabled, decorations }: { field: FormField; control: Control<EditorValues>; disabled: boolean; decorations: FieldDecorations }) {
  const serverError = decorations.serverErrors?.[field.path];
  const helper = decorations.helperText?.(field.path);
  return (
    <Controller
      control={control}
      name={nameOf(field.path)}
      rules={{ validate: (value, all) => validateField(field, value, all.parameters) }}
      render={({ field: input, fieldState }) => {
        const message = fieldState.error?.message ?? serverError;
        // What the choice and the number input share: the field's binding, its label and its state.
        const bound = {
          label: field.label,
          value: (input.value as string | undefined) ?? '',
          onChange: input.onChange,
          onBlur: input.onBlur,
          name: input.name,
          inputRef: input.ref,
          disabled,
          error: Boolean(message),
          size: 'small' as const,
        };
        if (field.kind === 'enum') {
          const labelOf = (value: unknown) => field.options.find((o) => o.value === value)?.label ?? String(value ?? '');
          return (
            <TextField
              select
              {...bound}
              helperText={message ?? helper ?? field.description ?? ' '}
              slotProps={{ select: { renderValue: labelOf } }}
            >
              {field.options.map((option) => {
                const hint = decorations.optionHint?.(field.path, option.value);
                return (
                  <MenuItem key={option.value} value={option.value} sx={{ gap: 2 }}>
                    <Box component="span" sx={{ flexGrow: 1 }}>
                      {option.label}
                    </Box>
                    {hint ? (
                      <Typography component="span" variant="body2" color="text.secondary" data-testid={`option-hint-${option.value}`}>
                        {hint}
                      </Typography>
                    ) : null}
                  </MenuItem>
                );
              })}
            </TextField>
          );
        }
        return (
          <TextField
            {...bound}
            helperText={message ?? helper ?? `Range ${rangeText(field)}`}
            slotProps={{
              htmlInput: { inputMode: field.integer ? 'numeric' : 'decimal', autoComplete: 'off', spellCheck: false, 'data-path': field.path },
              input: {
                endAdornment: (
                  <InputAdornment position="end" sx={{ gap: 0.75 }}>
                    <DescriptionHint text={field.description} />
                    {field.displayUnit ? (
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ minWidth: 24 }}>
                        {field.displayUnit}
                      </Typography>
                    ) : null}
                  </InputAdornment>
                ),
              },
            }}
            sx={{ '& input': { fontVariantNumeric: 'tabular-nums' } }}
          />
        );
      }}
    />
  );
}

/** The inputs of some fields, two to a row on wider screens. */
function FieldGrid({ fields, control, disabled, decorations }: { fields: readonly FormField[]; control: Control<EditorValues>; disabled: boolean; decorations: FieldDecorations }) {
  return (
    <Box sx={{ display: 'grid', columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, pt: 1 }}>
      {fields.map((field) => (
        <ParameterInput key={field.path} field={field} control={control} disabled={disabled} decorations={decorations} />
      ))}
    </Box>
  );
}

function GroupCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card component="fieldset" sx={{ m: 0, p: 0, minWidth: 0 }}>
      <CardContent>
        <Typography component="legend" variant="h3" sx={{ mb: subtitle ? 0.25 : 0.5, float: 'left', width: '100%' }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1, clear: 'both' }}>
            {subtitle}
          </Typography>
        ) : null}
        <Box sx={{ clear: 'both' }}>{children}</Box>
        {footer ?? null}
      </CardContent>
    </Card>
  );
}

function visibleFields(nodes: readonly FormNode[], values: ParameterFormValues, advanced: boolean): FormField[] {
  return nodes.filter((n): n is FormField => n.kind !== 'group' && n.advanced === advanced && isFieldVisible(n, values));
}

/** A group's visible fields, with those of nested groups after its own. */
function groupFields(nodes: readonly FormNode[], values: ParameterFormValues): FormField[] {
  return nodes.flatMap((n): FormField[] => {
    if (!isFieldVisible(n, values) || n.advanced) return [];
    return n.kind === 'group' ? groupFields(n.children, values) : [n];
  });
}

/**
 * The parameter form generated from the contracts' form description: top-level fields first, each
 * group in its own card, fields shown only while their `visibleWhen` holds, advanced (numerical)
 * settings folded away.
 */
export function ParameterFields({
  form,
  values,
  control,
  disabled = false,
  title,
  decorations = NO_DECORATIONS,
}: {
  form: FormDescription;
  values: ParameterFormValues;
  control: Control<EditorValues>;
  disabled?: boolean;
  title: string;
  decorations?: FieldDecorations;
}) {
  const topLevel = visibleFields(form.nodes, values, false);
  const groups = form.nodes.filter((n): n is Extract<FormNode, { kind: 'group' }> => n.kind === 'group' && !n.advanced && isFieldVisible(n, values));
  const advanced = form.fields.filter((f) => f.advanced && isFieldVisible(f, values));
  const { errors } = useFormState({ control });
  const [open, setOpen] = useState(false);
  const advancedHasError = advanced.some((f) => getAtPath(errors.parameters, f.path) !== undefined || decorations.serverErrors?.[f.path] !== undefined);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {topLevel.length > 0 ? (
        <GroupCard title={title}>
          <FieldGrid fields={topLevel} control={control} disabled={disabled} decorations={decorations} />
        </GroupCard>
      ) : null}
      {groups.map((group) => {
        const fields = groupFields(group.children, values);
        return (
          <Fragment key={group.path}>
            {decorations.beforeGroup?.(group.path) ?? null}
            <GroupCard title={group.label} subtitle={group.description} footer={decorations.groupFooter?.(group.path)}>
              <FieldGrid fields={fields} control={control} disabled={disabled} decorations={decorations} />
            </GroupCard>
          </Fragment>
        );
      })}
      {advanced.length > 0 ? (
        <Accordion expanded={open || advancedHasError} onChange={(_, next) => setOpen(next)} disableGutters variant="outlined" sx={{ borderRadius: 1, '&:before': { display: 'none' } }}>
          <AccordionSummary expandIcon={<Icon path={mdiChevronDown} size={0.9} aria-hidden />}>
            <Typography variant="h3" component="span">
              Numerical settings
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <FieldGrid fields={advanced} control={control} disabled={disabled} decorations={decorations} />
          </AccordionDetails>
        </Accordion>
      ) : null}
    </Box>
  );
}
