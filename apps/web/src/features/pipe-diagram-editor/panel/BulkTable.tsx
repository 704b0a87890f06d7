// The second-generation editor's table: pipes and junctions in rows, each value editable in place,
// and one value set on every ticked row at once (diameter of 40 pipes, demand of a district).
import { useMemo, useState } from 'react';
import { Box, Button, Checkbox, MenuItem, Tab, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Tabs, TextField } from '@mui/material';
import type { NetworkDocument } from '@simforge/contracts';
import { updateMany, type NetworkLink, type NetworkNode } from '../model/editing';
import { parseDisplay, propertiesOf, type NumberProperty } from '../model/properties';
import { NumberField } from './fields';

type TableKind = 'pipe' | 'junction';
const PAGE = 25;

export function BulkTable({ network, disabled, onEdit }: { network: NetworkDocument; disabled?: boolean; onEdit(edit: (network: NetworkDocument) => NetworkDocument): void }) {
  const [kind, setKind] = useState<TableKind>('pipe');
  const [page, setPage] = useState(0);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const rows: (NetworkNode | NetworkLink)[] = kind === 'pipe' ? network.pipes : network.junctions;
  const columns = useMemo(
    () => (rows[0] ? propertiesOf(kind, rows[0], network) : propertiesOf(kind, kind === 'pipe' ? ({ id: '', from: '', to: '', length: 1, diameter: 1, roughness: 1, minorLoss: 0, status: 'open' } as NetworkLink) : ({ id: '', elevation: 0, demands: [] } as NetworkNode), network)).filter(
        (p): p is NumberProperty => p.kind === 'number',
      ),
    [kind, rows, network],
  );
  const [bulkKey, setBulkKey] = useState<string>('');
  const [bulkText, setBulkText] = useState('');
  const bulkProperty = columns.find((c) => c.key === bulkKey) ?? columns[0];
  const bulkParsed = bulkProperty ? parseDisplay(bulkProperty, bulkText) : null;
  const shownRows = rows.slice(page * PAGE, page * PAGE + PAGE);
  const allOnPage = shownRows.length > 0 && shownRows.every((r) => ticked.has(r.id));

  const tick = (ids: string[], on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      for (const id of ids) if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  function applyBulk() {
    if (!bulkProperty || !bulkParsed || 'error' in bulkParsed) return;
    const ids = [...ticked];
    const si = bulkParsed.si;
    // Plain fields in one step; the junction demand (first demand of each) through its own writer.
    if (bulkProperty.key === 'demand') onEdit((n) => ids.reduce((acc, id) => bulkProperty.write(acc, { kind, id }, si), n));
    else onEdit((n) => updateMany(n, kind, ids, { [bulkProperty.key]: si }));
  }

  return (
    <Box aria-label="Bulk editing" role="region">
      <Tabs
        value={kind}
        onChange={(_e, value: TableKind) => {
          setKind(value);
          setPage(0);
          setTicked(new Set());
          setBulkKey('');
        }}
      >
        <Tab value="pipe" label={`Pipes (${network.pipes.length})`} />
        <Tab value="junction" label={`Junctions (${network.junctions.length})`} />
      </Tabs>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', my: 1.5 }}>
        <TextField select size="small" label="Set" value={bulkProperty?.key ?? ''} onChange={(e) => setBulkKey(e.target.value)} sx={{ minWidth: 180 }} disabled={disabled}>
          {columns.map((c) => (
            <MenuItem key={c.key} value={c.key}>
              {c.label}
              {c.unit ? ` (${c.unit})` : ''}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="To"
          value={bulkText}
          onChange={(e) => setBulkText(e.target.value)}
          error={bulkText !== '' && bulkParsed !== null && 'error' in bulkParsed}
          helperText={bulkText !== '' && bulkParsed && 'error' in bulkParsed ? bulkParsed.error : bulkProperty ? `${bulkProperty.min} to ${bulkProperty.max} ${bulkProperty.unit}` : ' '}
          disabled={disabled}
          slotProps={{ htmlInput: { 'aria-label': 'Bulk value', inputMode: 'decimal' } }}
        />
        <Button variant="outlined" onClick={applyBulk} disabled={disabled || ticked.size === 0 || !bulkParsed || 'error' in bulkParsed}>
          Apply to {ticked.size} ticked
        </Button>
      </Box>
      <TableContainer sx={{ maxHeight: 480 }}>
        <Table size="small" stickyHeader aria-label={kind === 'pipe' ? 'Pipes' : 'Junctions'}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox checked={allOnPage} onChange={(e) => tick(shownRows.map((r) => r.id), e.target.checked)} slotProps={{ input: { 'aria-label': 'Tick every row on this page' } }} />
              </TableCell>
              <TableCell>ID</TableCell>
              {kind === 'pipe' ? <TableCell>From → to</TableCell> : null}
              {columns.map((c) => (
                <TableCell key={c.key}>
                  {c.label}
                  {c.unit ? ` (${c.unit})` : ''}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shownRows.map((row) => (
              <TableRow key={row.id} selected={ticked.has(row.id)}>
                <TableCell padding="checkbox">
                  <Checkbox checked={ticked.has(row.id)} onChange={(e) => tick([row.id], e.target.checked)} slotProps={{ input: { 'aria-label': `Tick ${row.id}` } }} />
                </TableCell>
                <TableCell>{row.id}</TableCell>
                {'from' in row ? <TableCell>{`${row.from} → ${row.to}`}</TableCell> : null}
                {columns.map((c) => (
                  <TableCell key={c.key} sx={{ minWidth: 120 }}>
                    <NumberField dense property={c} label={`${c.label} of ${row.id}`} si={c.read(row, network)} disabled={disabled} onCommit={(si) => onEdit((n) => c.write(n, { kind, id: row.id }, si))} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination component="div" count={rows.length} page={page} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} onPageChange={(_e, p: number) => setPage(p)} />
    </Box>
  );
}
