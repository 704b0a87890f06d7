import { Link as RouterLink } from 'react-router';
import { Box, Checkbox, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel, Tooltip, Typography } from '@mui/material';
import { isActiveStatus, type Simulation, type SimulationSortField } from '@simforge/contracts';
import { EmptyTableRow } from '../../../components/ui/EmptyTableRow';
import { familyLabel, typeLabel } from '../labels';
import { formatDateTime, formatRelative } from '../../../lib/time';
import { paths } from '../../../lib/redirects';
import type { ListFilters } from '../listQuery';
import { ProgressValue } from './ProgressValue';
import { RowActions } from './RowActions';
import { StatusChip } from './StatusChip';

interface Column {
  id: string;
  label: string;
  sort?: SimulationSortField;
  align?: 'right';
  width?: number | string;
}

function SortableHeader({ column, sort, onSort }: { column: Column; sort: ListFilters['sort']; onSort: (field: SimulationSortField) => void }) {
  if (!column.sort) {
    return (
      <TableCell align={column.align} sx={{ width: column.width, whiteSpace: 'nowrap' }}>
        {column.label}
      </TableCell>
    );
  }
  const active = sort.field === column.sort;
  const direction = active ? (sort.descending ? 'desc' : 'asc') : 'asc';
  return (
    <TableCell align={column.align} sortDirection={active ? direction : false} sx={{ width: column.width, whiteSpace: 'nowrap' }}>
      <TableSortLabel active={active} direction={direction} onClick={() => onSort(column.sort!)}>
        {column.label}
      </TableSortLabel>
    </TableCell>
  );
}

/** Ticked rows (by id), for comparing their runs; only simulations that have a run can be ticked. */
export interface RowSelection {
  selected: ReadonlySet<string>;
  onChange: (rows: readonly Simulation[], checked: boolean) => void;
}

export const canSelect = (simulation: Simulation): boolean => simulation.current_run_id !== null;

function SelectAllCell({ rows, selection }: { rows: readonly Simulation[]; selection: RowSelection }) {
  const selectable = rows.filter(canSelect);
  const ticked = selectable.filter((s) => selection.selected.has(s.id)).length;
  return (
    <TableCell padding="checkbox">
      <Checkbox
        size="small"
        disabled={selectable.length === 0}
        checked={selectable.length > 0 && ticked === selectable.length}
        indeterminate={ticked > 0 && ticked < selectable.length}
        onChange={(e) => selection.onChange(selectable, e.target.checked)}
        slotProps={{ input: { 'aria-label': 'Select every simulation on this page for comparison' } }}
      />
    </TableCell>
  );
}

function SelectCell({ simulation, selection }: { simulation: Simulation; selection: RowSelection }) {
  const box = (
    <Checkbox
      size="small"
      disabled={!canSelect(simulation)}
      checked={selection.selected.has(simulation.id)}
      onChange={(e) => selection.onChange([simulation], e.target.checked)}
      slotProps={{ input: { 'aria-label': `Select ${simulation.title} for comparison` } }}
    />
  );
  return (
    <TableCell padding="checkbox">
      {canSelect(simulation) ? box : (
        <Tooltip title="Not run yet: nothing to compare">
          <span>{box}</span>
        </Tooltip>
      )}
    </TableCell>
  );
}

/** The simulations table of "My simulations" and the admin's "All simulations" (with the owner column). */
export function SimulationsTable({
  rows,
  showOwner = false,
  sort,
  onSort,
  editPathOf,
  emptyText,
  label,
  selection,
}: {
  rows: readonly Simulation[];
  showOwner?: boolean;
  sort: ListFilters['sort'];
  onSort: (field: SimulationSortField) => void;
  editPathOf: (simulation: Simulation) => string;
  emptyText: string;
  label: string;
  /** With it, a first column of checkboxes. */
  selection?: RowSelection;
}) {
  const columns: Column[] = [
    { id: 'title', label: 'Title', sort: 'title' },
    { id: 'type', label: 'Type', sort: 'type' },
    { id: 'family', label: 'Family' },
    ...(showOwner ? [{ id: 'owner', label: 'Owner' }] : []),
    { id: 'status', label: 'Status', sort: 'status', width: 120 },
    { id: 'progress', label: 'Progress', width: 150 },
    { id: 'updated', label: 'Updated', sort: 'updated_at', width: 130 },
    { id: 'actions', label: 'Actions', align: 'right', width: 180 },
  ];
  const now = Date.now();
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {selection ? <SelectAllCell rows={rows} selection={selection} /> : null}
            {columns.map((column) => (
              <SortableHeader key={column.id} column={column} sort={sort} onSort={onSort} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((simulation) => (
            <TableRow key={simulation.id} hover data-simulation-id={simulation.id} selected={selection?.selected.has(simulation.id) ?? false}>
              {selection ? <SelectCell simulation={simulation} selection={selection} /> : null}
              <TableCell sx={{ maxWidth: 320 }}>
                <Link component={RouterLink} to={paths.simulationView(simulation.id)} underline="hover" sx={{ fontWeight: 600 }}>
                  {simulation.title}
                </Link>
                {simulation.description ? (
                  <Typography variant="caption" color="text.secondary" component="div" noWrap title={simulation.description}>
                    {simulation.description}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <Typography variant="body2">{typeLabel(simulation.type)}</Typography>
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {simulation.type}
                </Typography>
              </TableCell>
              <TableCell>{familyLabel(simulation.family)}</TableCell>
              {showOwner ? <TableCell>{simulation.owner_email}</TableCell> : null}
              <TableCell>
                <StatusChip status={simulation.status} />
              </TableCell>
              <TableCell>
                {isActiveStatus(simulation.status) ? (
                  <ProgressValue status={simulation.status} progress={simulation.progress} label={`Progress of ${simulation.title}`} />
                ) : (
                  <Typography variant="caption" color="text.secondary">
                    —
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Tooltip title={formatDateTime(simulation.updated_at)}>
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {formatRelative(simulation.updated_at, now)}
                  </Box>
                </Tooltip>
              </TableCell>
              <TableCell align="right">
                <RowActions simulation={simulation} editTo={editPathOf(simulation)} />
              </TableCell>
            </TableRow>
          ))}
          {rows.length === 0 ? (
            <EmptyTableRow colSpan={columns.length + (selection ? 1 : 0)} sx={{ py: 3, textAlign: 'center' }}>
              {emptyText}
            </EmptyTableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
