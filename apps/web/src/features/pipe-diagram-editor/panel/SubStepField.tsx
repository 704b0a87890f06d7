import { InputAdornment, TextField } from '@mui/material';
import { defaultSubStep, subStepProblem, withSubStep, type SubStep } from '../model/timeSteps';
import type { SectionProps } from './PatternsSection';
import { useDraftText } from './useDraftText';

interface Props extends Pick<SectionProps, 'network' | 'disabled' | 'onEdit'> {
  step: SubStep;
  label: string;
  /** What the step paces, for the helper text. */
  purpose: string;
  fullWidth?: boolean;
}

/** `times.ruleStep` or `times.qualityStep` in seconds; left empty, the engine's default. */
export function SubStepField({ network, disabled, onEdit, step: key, label, purpose, fullWidth = false }: Props) {
  const step = network.times[key];
  const hydraulic = network.times.hydraulicStep;
  const commit = (text: string) => {
    const t = text.trim();
    if (t === '') {
      if (step !== undefined) onEdit((n) => ({ ...n, times: withSubStep(n.times, key, undefined) }));
      return null;
    }
    const value = Number(t);
    const problem = subStepProblem(label, value, hydraulic);
    if (problem) return problem;
    if (value !== step) onEdit((n) => ({ ...n, times: withSubStep(n.times, key, value) }));
    return null;
  };
  const { error, inputProps } = useDraftText(() => (step === undefined ? '' : String(step)), commit, [step, hydraulic]);
  return (
    <TextField
      size="small"
      fullWidth={fullWidth}
      label={label}
      {...inputProps}
      disabled={disabled}
      helperText={error ?? `${purpose} within a hydraulic step; empty: ${defaultSubStep(hydraulic)} s (a tenth of the hydraulic step)`}
      sx={fullWidth ? undefined : { maxWidth: 420 }}
      slotProps={{ htmlInput: { inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">s</InputAdornment> } }}
    />
  );
}
