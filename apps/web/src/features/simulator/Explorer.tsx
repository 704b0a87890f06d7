import { useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, MenuItem, Slider, TextField, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiPlay } from '@mdi/js';
import { describeForm, getAtPath, setAtPath, type FormNumberField } from '@simforge/contracts';
import { chooseDisplayUnit, convertFromSI, formatNumber } from '../../lib/displayUnits';
import { session } from '../../lib/session';
import { fromSIIn, toSIIn, useUnitSystem } from '../../lib/unitSystems';
import { useDebounced } from '../../lib/useDebounced';
import { useAuth } from '../../lib/useAuth';
import { Schematic } from '../create-v2/CatalogueCards';
import type { RunnableEntry } from '../create-v2/runnableEntry';
import { mergeParameters, prefillFromQuery, queryForParameters } from '../create-v2/prefill';
import { createV2Path } from '../create-v2/resolve';
import { describeFormIn } from '../create-v2/systemForm';
import { paths } from '../../lib/redirects';
import { EstimatePanel } from '../simulations/form/EstimatePanel';
import { ESTIMATE_DEBOUNCE_MS, useEstimate } from '../simulations/form/useEstimate';
import { fetchEstimate, simulationsKeys } from '../simulations/simulationsApi';
import { isLogarithmic, mainInputs, sweepValues, withVisibleDefaults } from './mainInputs';
import { SweepPlot } from './SweepPlot';

function sliderStep(field: FormNumberField): number {
  if (field.integer) return 1;
  const span = field.displayMax - field.displayMin;
  return span > 0 ? 10 ** Math.floor(Math.log10(span / 100)) : 1;
}

function InputSlider({ field, value, onChange }: { field: FormNumberField; value: number; onChange(si: number): void }) {
  const shown = fromSIIn(value, field.displayUnit);
  const log = isLogarithmic(field) && field.displayMin > 0;
  const toSlider = (v: number) => (log ? Math.log10(v) : v);
  const fromSlider = (v: number) => (log ? 10 ** v : v);
  const unit = field.displayUnit ? ` ${field.displayUnit}` : '';
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" id={`slider-${field.path}`}>
          {[...field.groups, field.label].join(' › ')}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid={`value-${field.path}`}>
          {formatNumber(shown, 4)}
          {unit}
        </Typography>
      </Box>
      <Slider
        size="small"
        aria-labelledby={`slider-${field.path}`}
        min={toSlider(field.displayMin)}
        max={toSlider(field.displayMax)}
        step={log ? (toSlider(field.displayMax) - toSlider(field.displayMin)) / 200 : sliderStep(field)}
        value={toSlider(Math.min(field.displayMax, Math.max(field.displayMin, shown)))}
        scale={fromSlider}
        valueLabelDisplay="auto"
        valueLabelFormat={(v) => `${formatNumber(v, 4)}${unit}`}
        getAriaValueText={(v) => `${formatNumber(fromSlider(v), 4)}${unit}`}
        onChange={(_, v) => {
          const display = fromSlider(v as number);
          onChange(field.integer ? Math.round(toSIIn(display, field.displayUnit)) : toSIIn(display, field.displayUnit));
        }}
      />
    </Box>
  );
}

/** `/simulator/{family}/{type}`: sliders for the main inputs, the fast estimate and a sweep plot, live. */
// Long function: a React component whose hooks and handlers share its state; most of its length is markup.
export function Explorer({ entry }: { entry: RunnableEntry }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { status } = useAuth();
  const signedIn = status === 'loggedIn';
  const system = useUnitSystem();
  const base = useMemo(() => describeForm(entry.parameters), [entry.parameters]);
  const form = useMemo(() => describeFormIn(base, system), [base, system]);
  const [parameters, setParameters] = useState<Record<string, unknown>>(() =>
    withVisibleDefaults(base, mergeParameters(entry.defaults, prefillFromQuery(base, new URLSearchParams(location.search)).parameters)),
  );
  const inputs = mainInputs(form, parameters);
  const estimate = useEstimate(entry.type, signedIn ? parameters : null);
  const [sweepPath, setSweepPath] = useState<string | null>(null);
  const sweepField = inputs.sliders.find((f) => f.path === sweepPath) ?? inputs.sliders[0];
  const numericResults = Object.entries(estimate.query.data?.results ?? {}).filter(([, r]) => typeof r.value === 'number');
  const [resultKey, setResultKey] = useState<string | null>(null);
  const result = numericResults.find(([k]) => k === resultKey) ?? numericResults[0];

  const settled = useDebounced(parameters, ESTIMATE_DEBOUNCE_MS);
  const xs = sweepField ? sweepValues(sweepField) : [];
  const sweep = useQueries({
    queries: xs.map((x) => {
      const p = setAtPath(settled, sweepField!.path, x);
      return {
        queryKey: simulationsKeys.estimate(entry.type, p),
        queryFn: ({ signal }: { signal: AbortSignal }) => fetchEstimate(entry.type, p, signal),
        enabled: signedIn && Boolean(result),
        staleTime: 60_000,
        retry: false,
      };
    }),
  });
  const ySI = sweep.map((q) => (result ? q.data?.results[result[0]]?.value : undefined));
  const yUnit = result ? chooseDisplayUnit(result[1].unit, Math.max(...ySI.map((v) => (typeof v === 'number' ? Math.abs(v) : 0)))) : '';
  const points = sweepField && result ? xs.map((x, i) => ({ x: fromSIIn(x, sweepField.displayUnit), y: typeof ySI[i] === 'number' ? convertFromSI(ySI[i] as number, result[1].unit, yUnit) : Number.NaN })) : [];

  const set = (path: string, value: unknown) => setParameters((current) => withVisibleDefaults(base, setAtPath(current, path, value)));
  const runFull = () => navigate(createV2Path(entry.family, entry.type, queryForParameters(base, parameters)));

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '160px minmax(0, 1fr)' }, alignItems: 'start' }}>
            <Schematic entry={entry} />
            <Box component="section" aria-label="Main inputs" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              {inputs.choices.map((field) => (
                <TextField key={field.path} select size="small" label={field.label} value={(getAtPath(parameters, field.path) as string) ?? field.default} onChange={(e) => set(field.path, e.target.value)}>
                  {field.options.map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
              {inputs.sliders.map((field) => (
                <InputSlider key={`${field.path}:${system}`} field={field} value={Number(getAtPath(parameters, field.path) ?? field.default)} onChange={(v) => set(field.path, v)} />
              ))}
            </Box>
          </CardContent>
        </Card>
        <Card component="section" aria-label="Sweep plot">
          <CardContent>
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              How a result follows an input
            </Typography>
            {signedIn ? (
              <>
                <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 1 }}>
                  <TextField select size="small" label="Input" value={sweepField?.path ?? ''} onChange={(e) => setSweepPath(e.target.value)} sx={{ minWidth: 200 }}>
                    {inputs.sliders.map((f) => (
                      <MenuItem key={f.path} value={f.path}>
                        {f.label}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField select size="small" label="Result" value={result?.[0] ?? ''} onChange={(e) => setResultKey(e.target.value)} sx={{ minWidth: 200 }}>
                    {numericResults.map(([key, r]) => (
                      <MenuItem key={key} value={key}>
                        {r.label}
                      </MenuItem>
                    ))}
                  </TextField>
                </Box>
                {sweepField && result ? (
                  <SweepPlot
                    points={points}
                    logX={isLogarithmic(sweepField)}
                    xLabel={`${sweepField.label}${sweepField.displayUnit ? ` (${sweepField.displayUnit})` : ''}`}
                    yLabel={`${result[1].label}${yUnit ? ` (${yUnit})` : ''}`}
                    marker={fromSIIn(Number(getAtPath(parameters, sweepField.path)), sweepField.displayUnit)}
                  />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    Waiting for the first estimate…
                  </Typography>
                )}
              </>
            ) : (
              <Typography variant="body2" color="text.secondary">
                Sign in to plot the estimates.
              </Typography>
            )}
          </CardContent>
        </Card>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, position: { lg: 'sticky' }, top: { lg: 88 } }}>
        {signedIn ? (
          <EstimatePanel type={entry.type} estimate={estimate} invalid={false} />
        ) : (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" component={RouterLink} to={paths.login} onClick={() => session.setOriginalUrl(`${location.pathname}${location.search}`)}>
                Sign in
              </Button>
            }
          >
            Sign in to see live estimates for these values.
          </Alert>
        )}
        <Button variant="contained" onClick={runFull} startIcon={<Icon path={mdiPlay} size={0.8} aria-hidden />}>
          Run the full simulation
        </Button>
      </Box>
    </Box>
  );
}
