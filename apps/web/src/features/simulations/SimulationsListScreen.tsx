import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, Chip, InputAdornment, LinearProgress, ListItemIcon, Menu, MenuItem, TablePagination, TextField } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiFilterRemoveOutline, mdiMagnify, mdiPlus } from '@mdi/js';
import { familyLabels, isActiveStatus, simulationFamilies, simulationStatuses, type Simulation, type SimulationFamily, type SimulationStatus } from '@simforge/contracts';
import { PageHeader } from '../../components/ui/PageHeader';
import { useDebounced } from '../../lib/useDebounced';
import { paths } from '../../lib/redirects';
import { useSimulationSlots } from './slots';
import { SimulationsTable, type RowSelection } from './components/SimulationsTable';
import { createPathOf, editPath } from './createPaths';
import { apiQueryOf, filtersFrom, filtersToParams, LIST_PAGE_SIZES, nextSort, type ListFilters } from './listQuery';
import { simulationsPageQuery, type ListScope } from './simulationsApi';
import { statusMeta } from './status';
import { QueryError } from '../../components/ui/QueryError';

/** While a listed simulation is queued or running, the page is fetched again this often. */
export const LIVE_LIST_REFRESH_MS = 2000;
const SEARCH_DEBOUNCE_MS = 350;

function NewSimulationButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button variant="contained" startIcon={<Icon path={mdiPlus} size={0.9} aria-hidden />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        New simulation
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {simulationFamilies.map((family) => (
          <MenuItem key={family} component={RouterLink} to={createPathOf[family]} onClick={() => setAnchor(null)}>
            <ListItemIcon sx={{ minWidth: 28 }}>
              <Icon path={mdiPlus} size={0.7} aria-hidden />
            </ListItemIcon>
            {familyLabels[family]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function SearchField({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [text, setText] = useState(value);
  const settled = useDebounced(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (settled.trim() !== value.trim()) onChange(settled);
    // Only a settled change of the text is a new search (not a change of `value` from the address).
  }, [settled]);
  return (
    <TextField
      label="Search"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder="Title, description or type"
      sx={{ flex: '2 1 240px' }}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><Icon path={mdiMagnify} size={0.8} aria-hidden /></InputAdornment> } }}
    />
  );
}

/**
 * Rows ticked for a comparison, kept across pages and filters (by id, with the row as last listed so
 * its current run is known when it is on no page shown).
 */
function useRowSelection(rows: readonly Simulation[]) {
  const [ticked, setTicked] = useState<ReadonlyMap<string, Simulation>>(new Map());
  const selection: RowSelection = {
    selected: new Set(ticked.keys()),
    onChange: (changed, checked) =>
      setTicked((previous) => {
        const next = new Map(previous);
        for (const s of changed) {
          if (checked) next.set(s.id, s);
          else next.delete(s.id);
        }
        return next;
      }),
  };
  const selected = [...ticked.values()].map((s) => rows.find((r) => r.id === s.id) ?? s);
  return { selection, selected, clear: () => setTicked(new Map()) };
}

/** My simulations (scope mine) or everyone's (admin, scope all): filters, search, sort and paging in the address. */
export function SimulationsListScreen({ scope }: { scope: ListScope }) {
  const { ImportButton, CompareSelectedButton } = useSimulationSlots();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const query = apiQueryOf(filters);
  const page = useQuery({
    ...simulationsPageQuery(scope, query),
    refetchInterval: (q) => (q.state.data?.data.some((s) => isActiveStatus(s.status)) ? LIVE_LIST_REFRESH_MS : false),
  });
  const rows = page.data?.data ?? [];
  const count = page.data?.count ?? 0;
  const update = (change: Partial<ListFilters>) => setParams(filtersToParams({ ...filters, page: 0, ...change }), { replace: true });
  const filtered = filters.statuses.length > 0 || filters.family !== null || filters.q.trim() !== '';
  const admin = scope === 'all';
  const { selection, selected, clear } = useRowSelection(rows);

  return (
    <>
      <PageHeader
        title={admin ? 'All simulations' : 'My simulations'}
        subtitle={page.data ? `${count} ${count === 1 ? 'simulation' : 'simulations'}${filtered ? ' match the filters' : ''}` : undefined}
        actions={
          <>
            {admin ? null : <ImportButton />}
            {admin || selected.length === 0 ? null : <Button onClick={clear}>Clear selection</Button>}
            {admin ? null : <CompareSelectedButton selected={selected} />}
            <NewSimulationButton />
          </>
        }
      />
      <QueryError query={page} />
      <Card>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, p: 2, alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
          <SearchField value={filters.q} onChange={(q) => update({ q })} />
          <TextField
            select
            label="Status"
            size="small"
            value={filters.statuses}
            sx={{ flex: '1 1 200px' }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) => (
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {(selected as SimulationStatus[]).map((s) => (
                      <Chip key={s} size="small" label={statusMeta[s].label} color={statusMeta[s].color} sx={{ height: 20 }} />
                    ))}
                  </Box>
                ),
              },
            }}
            onChange={(event) => {
              const value = event.target.value as unknown as SimulationStatus[] | string;
              update({ statuses: (typeof value === 'string' ? value.split(',') : value) as SimulationStatus[] });
            }}
          >
            {simulationStatuses.map((s) => (
              <MenuItem key={s} value={s}>
                {statusMeta[s].label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Family"
            size="small"
            value={filters.family ?? ''}
            sx={{ flex: '1 1 160px' }}
            onChange={(event) => update({ family: (event.target.value || null) as SimulationFamily | null })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All families</MenuItem>
            {simulationFamilies.map((family) => (
              <MenuItem key={family} value={family}>
                {familyLabels[family]}
              </MenuItem>
            ))}
          </TextField>
          <Button
            onClick={() => update({ statuses: [], family: null, q: '' })}
            disabled={!filtered}
            startIcon={<Icon path={mdiFilterRemoveOutline} size={0.8} aria-hidden />}
          >
            Clear filters
          </Button>
        </Box>
        <Box sx={{ height: 4 }}>{page.isFetching && !page.data ? <LinearProgress aria-label="Loading simulations" /> : null}</Box>
        <SimulationsTable
          label={admin ? 'All simulations' : 'My simulations'}
          rows={rows}
          showOwner={admin}
          {...(admin ? {} : { selection })}
          sort={filters.sort}
          onSort={(field) => update({ sort: nextSort(filters.sort, field) })}
          editPathOf={(s) => (admin ? paths.adminSimulationEdit(s.id) : editPath(s))}
          emptyText={page.isPending ? 'Loading…' : filtered ? 'No simulation matches the filters.' : admin ? 'No simulations yet.' : 'No simulations yet. Create one with New simulation.'}
        />
        <TablePagination
          component="div"
          count={count}
          page={count === 0 ? 0 : Math.min(filters.page, Math.max(0, Math.ceil(count / filters.size) - 1))}
          rowsPerPage={filters.size}
          rowsPerPageOptions={[...LIST_PAGE_SIZES]}
          onPageChange={(_, next) => update({ page: next })}
          onRowsPerPageChange={(event) => update({ size: Number(event.target.value), page: 0 })}
          showFirstButton
          showLastButton
        />
      </Card>
    </>
  );
}
