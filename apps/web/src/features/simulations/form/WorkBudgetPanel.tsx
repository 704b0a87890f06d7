import { Alert, Box, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { WorkBudget } from '@simforge/contracts';
import { formatDuration, formatNumber } from '../../../lib/displayUnits';
import { TableHeadings } from '../../../components/ui/TableHeadings';

/** `42.1 M`, `578 k`, `950`: cell and step counts. */
function count(n: number): string {
  if (n >= 1e6) return `${formatNumber(n / 1e6, 3)} M`;
  if (n >= 1e4) return `${Math.round(n / 1e3)} k`;
  return String(Math.round(n));
}

function bytes(n: number): string {
  return n >= 2 ** 30 ? `${formatNumber(n / 2 ** 30, 3)} GB` : `${Math.round(n / 2 ** 20)} MB`;
}

/**
 * The run's work plan against this server's limits (docs/limits.md), shown before Create: cells,
 * steps, memory and run time, and when the case is over a limit the message create and run answer.
 */
export function WorkBudgetPanel({ budget }: { budget: WorkBudget }) {
  const { plan, limits, over } = budget;
  const rows = plan
    ? [
        { name: 'Cells', need: count(plan.cells), limit: count(limits.max_cells), over: over.includes('cells') },
        { name: 'Steps (at most)', need: count(plan.steps), limit: '', over: false },
        { name: 'Memory', need: bytes(plan.memory_bytes), limit: bytes(limits.max_memory_bytes), over: over.includes('memory') },
        { name: 'Run time', need: formatDuration(plan.seconds), limit: formatDuration(limits.max_seconds), over: over.includes('seconds') },
      ]
    : [];
  return (
    <Box data-testid="work-budget" sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        Work of the run and this server's limits
      </Typography>
      {rows.length ? (
        <Table size="small" aria-label="Work of the run" sx={{ '& td, & th': { px: 0.5 } }}>
          <TableHeadings columns={['', { label: 'Needs', align: 'right' }, { label: 'Limit', align: 'right' }]} />
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.name}>
                <TableCell sx={{ color: 'text.secondary' }}>{row.name}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, color: row.over ? 'error.main' : undefined }}>
                  {row.need}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
                  {row.limit}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {budget.within_limits ? null : (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="work-budget-message">
          {budget.message}
        </Alert>
      )}
    </Box>
  );
}
