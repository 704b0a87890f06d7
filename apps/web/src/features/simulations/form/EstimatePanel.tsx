import { Alert, Box, Card, CardContent, Chip, LinearProgress, Table, TableBody, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiCheckCircleOutline, mdiFlashOutline } from '@mdi/js';
import type { EstimateResponse, ValidityCheck } from '@simforge/contracts';
import { displayValue, formatDuration, formatNumber, formatWithUnit } from '../../../lib/displayUnits';
import { errorDetail } from '../../../lib/errorDetail';
import { orderedSummary } from '../summaryOrder';
import type { EstimateState } from './useEstimate';
import { WorkBudgetPanel } from './WorkBudgetPanel';
import { SiTooltip } from '../../../components/ui/SiTooltip';

function validityText(check: ValidityCheck, results: EstimateResponse['results']): string {
  // The check's bounds are in the unit of the result of the same name (SI), when there is one.
  const si = results[check.quantity]?.unit ?? '';
  const unit = displayValue(check.max, si).unit;
  const show = (v: number) => formatWithUnit(v, si, { unit, digits: 4 });
  return `${show(check.value)} (valid ${show(check.min)} to ${show(check.max)})`;
}

const nameOf = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * The fast estimate (metamodel_estimate_v2) of the parameters as typed, fetched once typing pauses:
 * the model used, its results with units, the validity checks and the expected run time.
 */
export function EstimatePanel({ type, estimate: state, invalid }: { type: string; estimate: EstimateState; invalid: boolean }) {
  const estimate = state.query;
  const data = estimate.data;
  const fieldMessages = Object.keys(state.fieldErrors).length > 0;
  const outside = data?.validity.filter((c) => !c.inside) ?? [];

  return (
    <Card component="aside" aria-label="Fast estimate">
      <Box sx={{ height: 4 }}>{estimate.isFetching ? <LinearProgress aria-label="Estimating" /> : null}</Box>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Icon path={mdiFlashOutline} size={0.9} aria-hidden />
          <Typography variant="h3" component="h2" sx={{ flexGrow: 1 }}>
            Fast estimate
          </Typography>
          <Chip size="small" label="Estimate" variant="outlined" color="info" />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Correlations and analytical solutions, updated as you type; the full simulation gives the verified answer.
        </Typography>
        {invalid ? (
          <Alert severity="info" sx={{ mb: 1.5 }}>
            Correct the highlighted fields to update the estimate.
          </Alert>
        ) : null}
        {estimate.isError ? (
          <Alert severity="warning" sx={{ mb: 1.5 }}>
            {fieldMessages ? 'No estimate: the server refused some values; its messages are beside the fields.' : `No estimate: ${errorDetail(estimate.error).message}`}
          </Alert>
        ) : null}
        {data ? (
          <Box sx={{ opacity: invalid || estimate.isPlaceholderData ? 0.55 : 1, transition: 'opacity 120ms' }}>
            <Typography variant="caption" color="text.secondary" component="div">
              Model
            </Typography>
            <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="estimate-model">
              {data.model}
            </Typography>
            <Table size="small" aria-label="Estimated results" sx={{ mb: 1.5, '& td': { px: 0.5 } }}>
              <TableBody>
                {orderedSummary(type, data.results).map(([key, result]) => {
                  const shown = displayValue(result.value, result.unit);
                  return (
                    <TableRow key={key}>
                      <TableCell sx={{ color: 'text.secondary' }}>
                        <Tooltip title={result.label}>
                          <span>{nameOf(key)}</span>
                        </Tooltip>
                      </TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, whiteSpace: 'nowrap' }}>
                        <SiTooltip si={typeof result.value === 'number' ? shown.si : undefined}>
                          {shown.text}
                          {shown.unit ? ` ${shown.unit}` : ''}
                        </SiTooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            {outside.length > 0 ? (
              <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="estimate-validity">
                Outside the estimate's validity range:
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {outside.map((check) => (
                    <li key={check.quantity}>
                      {nameOf(check.quantity)}: {validityText(check, data.results)}
                    </li>
                  ))}
                </Box>
              </Alert>
            ) : (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'success.main', mb: 1.5 }} data-testid="estimate-validity">
                <Icon path={mdiCheckCircleOutline} size={0.75} aria-hidden />
                <Typography variant="body2">Inputs inside the validity range of the model</Typography>
              </Box>
            )}
            {data.work_budget ? <WorkBudgetPanel budget={data.work_budget} /> : null}
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" color="text.secondary">
                Expected run time
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="expected-runtime">
                {formatDuration(data.expected_runtime_seconds)}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.disabled">
              Estimated in {formatNumber(data.elapsed_ms, 2)} ms
            </Typography>
          </Box>
        ) : !invalid && !estimate.isError ? (
          <Typography variant="body2" color="text.secondary">
            Estimating…
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
