// The geometry step's sketch for duct types (a round pipe, an annulus), drawn from whichever of the
// fields `diameter`, `inner_diameter`, `outer_diameter` and `length` the type's schema has, in the
// units the user reads. Types with a widget of their own (the welding cross-section) use that.
import { Box, Card, CardContent, Typography } from '@mui/material';
import { getAtPath, type FormDescription, type FormNumberField } from '@simforge/contracts';
import { formatNumber } from '../../lib/displayUnits';
import { parseNumberInput, type ParameterFormValues } from '../simulations/form/parameterForm';

const top = (form: FormDescription, key: string) => form.fields.find((f): f is FormNumberField => f.path === key && f.kind === 'number');

export function hasDuctSection(form: FormDescription): boolean {
  return Boolean(top(form, 'diameter') || (top(form, 'inner_diameter') && top(form, 'outer_diameter')));
}

export function DuctSectionPreview({ form, values }: { form: FormDescription; values: ParameterFormValues }) {
  const number = (key: string) => parseNumberInput(getAtPath(values, key));
  const outerField = top(form, 'outer_diameter') ?? top(form, 'diameter')!;
  const innerField = top(form, 'inner_diameter');
  const outer = number(outerField.path);
  const inner = innerField ? number(innerField.path) : 0;
  const lengthField = top(form, 'length');
  const valid = Number.isFinite(outer) && outer > 0 && Number.isFinite(inner) && inner >= 0 && inner < outer;
  const R = 70;
  const r = valid ? (R * inner) / outer : 0;
  const unit = outerField.displayUnit;
  return (
    <Card aria-label="Geometry preview">
      <CardContent sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box component="svg" viewBox="-90 -90 180 180" sx={{ width: 160, height: 160 }} role="img" aria-label={valid ? `Section: outer ${outer} ${unit}${innerField ? `, inner ${inner} ${unit}` : ''}` : 'No section: correct the diameters'}>
          {valid ? (
            <>
              <circle cx={0} cy={0} r={R + 6} fill="#9e9e9e" />
              <circle cx={0} cy={0} r={R} fill="#bbdefb" />
              {innerField ? <circle cx={0} cy={0} r={r} fill="#9e9e9e" /> : null}
              <line x1={-R} y1={0} x2={R} y2={0} stroke="#1565c0" strokeDasharray="4 3" />
            </>
          ) : (
            <circle cx={0} cy={0} r={R} fill="none" stroke="#e57373" strokeDasharray="6 4" />
          )}
        </Box>
        <Box>
          <Typography variant="h3" component="h3" sx={{ mb: 0.5 }}>
            Cross-section
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {innerField ? 'Annular gap (blue) between the inner and outer tube.' : 'Flow area (blue) inside the pipe wall.'}
          </Typography>
          {valid ? (
            <Typography variant="body2" data-testid="duct-preview-text">
              {innerField ? `Gap ${formatNumber((outer - inner) / 2)} ${unit} · ` : ''}
              {innerField ? 'outer' : 'diameter'} {outer} {unit}
              {lengthField ? ` · length ${getAtPath(values, lengthField.path) as string} ${lengthField.displayUnit}` : ''}
            </Typography>
          ) : (
            <Typography variant="body2" color="error.main">
              The inner diameter must be smaller than the outer one.
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
