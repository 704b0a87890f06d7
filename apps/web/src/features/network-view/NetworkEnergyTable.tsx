// The pumps' energy laid out as EPANET's energy report: a row per pump (share of the run it ran,
// average efficiency, energy per volume pumped, average and peak power, cost per day), then the
// network's peak pumping power, the demand charge and the total cost. Built from the run's summary
// (`pump_energy:<pump>:<metric>` and the network keys). A file's prices name no currency, so costs
// are plain numbers and the caption says whose units they are.
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { pumpEnergyKey, type PumpEnergyMetric, type ScalarResult } from '@simforge/contracts';
import { chooseDisplayUnit, formatWithUnit } from '../../lib/displayUnits';
import { useUnitSystem } from '../../lib/unitSystems';

export interface PumpEnergyRow {
  pump: string;
  values: Partial<Record<PumpEnergyMetric, ScalarResult>>;
}

/** One row per pump with energy results: in the network's pump order, pumps it does not list after them by id. */
export function pumpEnergyRows(summary: Record<string, ScalarResult>, pumpOrder: readonly string[] = []): PumpEnergyRow[] {
  const rows = new Map<string, PumpEnergyRow>();
  for (const [name, result] of Object.entries(summary)) {
    const key = pumpEnergyKey(name);
    if (!key) continue;
    const row = rows.get(key.pump) ?? { pump: key.pump, values: {} };
    row.values[key.metric] = result;
    rows.set(key.pump, row);
  }
  const rank = (pump: string) => {
    const i = pumpOrder.indexOf(pump);
    return i === -1 ? pumpOrder.length : i;
  };
  return [...rows.values()].sort((a, b) => rank(a.pump) - rank(b.pump) || a.pump.localeCompare(b.pump));
}

/** The columns after the pump's id; fractions are read in %, the rest in the unit system's unit of their quantity. */
const columns: { metric: PumpEnergyMetric; label: string; unit?: string }[] = [
  { metric: 'utilisation', label: 'Utilisation', unit: '%' },
  { metric: 'average_efficiency', label: 'Average efficiency', unit: '%' },
  { metric: 'energy_per_volume', label: 'Energy per volume' },
  { metric: 'average_power', label: 'Average power' },
  { metric: 'peak_power', label: 'Peak power' },
  { metric: 'cost_per_day', label: 'Cost per day' },
];

/** A value in its column's unit (kW for every power, not W for a small pump beside kW for a large one). */
function shown(result: ScalarResult | undefined, unit?: string): string {
  if (!result) return '—';
  if (typeof result.value !== 'number') return result.value;
  return formatWithUnit(result.value, result.unit, { unit: unit ?? chooseDisplayUnit(result.unit) });
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A closing row: its label over the columns before `column`, its value in that column. */
function TotalRow({ label, result, column }: { label: string; result: ScalarResult | undefined; column: PumpEnergyMetric }) {
  const at = columns.findIndex((c) => c.metric === column);
  return (
    <TableRow>
      <TableCell component="th" scope="row" colSpan={at + 1} align="right" sx={{ fontWeight: 600 }}>
        {label}
      </TableCell>
      <TableCell align="right" sx={{ ...numeric, fontWeight: 600 }}>
        {shown(result)}
      </TableCell>
      {columns.slice(at + 1).map((c) => (
        <TableCell key={c.metric} />
      ))}
    </TableRow>
  );
}

/** The energy table of a run with pumps (nothing when it has none). */
export function NetworkEnergyTable({ summary, pumpOrder }: { summary: Record<string, ScalarResult>; pumpOrder?: readonly string[] }) {
  // Units follow the user's unit system (formatWithUnit reads it).
  useUnitSystem();
  const rows = pumpEnergyRows(summary, pumpOrder);
  if (rows.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="network-energy-title">
      <CardContent>
        <Typography id="network-energy-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Pumping energy
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Pumping energy">
            <TableHead>
              <TableRow>
                <TableCell>Pump</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.metric} align="right">
                    {c.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.pump}>
                  <TableCell component="th" scope="row">
                    {row.pump}
                  </TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.metric} align="right" sx={numeric}>
                      {shown(row.values[c.metric], c.unit)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              <TotalRow label="Peak total power" result={summary['peak_pumping_power']} column="peak_power" />
              <TotalRow label="Demand charge" result={summary['demand_charge']} column="cost_per_day" />
              <TotalRow label="Total cost" result={summary['pumping_cost']} column="cost_per_day" />
            </TableBody>
          </Table>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Utilisation is the share of the run a pump ran; its average efficiency and power are while it ran. Costs are in the price units of the network file, the total being the pumps&apos; cost per day plus the demand charge.
        </Typography>
      </CardContent>
    </Card>
  );
}
