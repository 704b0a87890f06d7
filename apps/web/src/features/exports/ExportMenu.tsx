// The view page's "Export" button: the case (JSON), the PDF report, a network's EPANET file, and
// each series (CSV) and field (VTK for ParaView) of the shown run.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, CircularProgress, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiChartLine, mdiCodeJson, mdiCubeOutline, mdiExport, mdiFilePdfBox, mdiPipe } from '@mdi/js';
import { exportPaths, networkExportTypes, type Simulation } from '@simforge/contracts';
import { errorDetail } from '../../lib/errorDetail';
import { notify } from '../../lib/notificationStore';
import { resultsQuery } from '../simulations/simulationsApi';
import { downloadExport } from './exportsApi';

interface ExportItem {
  key: string;
  label: string;
  secondary: string;
  icon: string;
  path: string;
  fallbackName: string;
}

export function ExportMenu({ simulation, runId = null }: { simulation: Pick<Simulation, 'id' | 'type' | 'status' | 'current_run_id'>; runId?: string | null }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const hasResults = simulation.status === 'completed' && simulation.current_run_id !== null;
  const results = useQuery({ ...resultsQuery(simulation.id, runId), enabled: anchor !== null && (hasResults || runId !== null) });

  const items: ExportItem[] = [
    { key: 'case', label: 'Case file', secondary: 'JSON, to import as a new simulation', icon: mdiCodeJson, path: exportPaths.caseJson(simulation.id), fallbackName: 'case.json' },
    { key: 'report', label: 'Report', secondary: 'PDF: inputs, solver, results, plots, verification', icon: mdiFilePdfBox, path: exportPaths.reportPdf(simulation.id), fallbackName: 'report.pdf' },
    ...(networkExportTypes.includes(simulation.type)
      ? [{ key: 'inp', label: 'EPANET network', secondary: '.inp, with the overrides applied', icon: mdiPipe, path: exportPaths.networkInp(simulation.id), fallbackName: 'network.inp' }]
      : []),
  ];
  const series = results.data?.series ?? [];
  const fields = results.data?.fields ?? [];

  const run = async (item: ExportItem) => {
    setBusy(item.key);
    try {
      await downloadExport(item.path, { runId, fallbackName: item.fallbackName });
      setAnchor(null);
    } catch (error) {
      notify({ content: `Export failed: ${errorDetail(error).message}`, color: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const entry = (item: ExportItem) => (
    <MenuItem key={item.key} onClick={() => void run(item)} disabled={busy !== null}>
      <ListItemIcon>{busy === item.key ? <CircularProgress size={18} aria-hidden /> : <Icon path={item.icon} size={0.9} aria-hidden />}</ListItemIcon>
      <ListItemText primary={item.label} secondary={item.secondary} />
    </MenuItem>
  );

  return (
    <>
      <Button variant="outlined" startIcon={<Icon path={mdiExport} size={0.8} aria-hidden />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        Export
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 480, minWidth: 320 } } }}>
        {items.map(entry)}
        {series.length > 0 ? <Divider /> : null}
        {series.length > 0 ? <ListSubheader>Series (CSV)</ListSubheader> : null}
        {series.map((s) =>
          entry({ key: `series:${s.name}`, label: s.label, secondary: `${s.name}.csv, ${s.length} rows`, icon: mdiChartLine, path: exportPaths.seriesCsv(simulation.id, s.name), fallbackName: `${s.name}.csv` }),
        )}
        {fields.length > 0 ? <Divider /> : null}
        {fields.length > 0 ? <ListSubheader>Fields (VTK for ParaView)</ListSubheader> : null}
        {fields.map((f) =>
          entry({ key: `field:${f.name}`, label: f.name, secondary: `${f.shape.join(' × ')} values${f.unit ? `, ${f.unit}` : ''}`, icon: mdiCubeOutline, path: exportPaths.fieldVtk(simulation.id, f.name), fallbackName: `${f.name}.vtu` }),
        )}
        {results.isPending && (hasResults || runId !== null) ? (
          <MenuItem disabled>
            <ListItemIcon>
              <CircularProgress size={18} aria-hidden />
            </ListItemIcon>
            <ListItemText primary="Loading the results…" />
          </MenuItem>
        ) : null}
      </Menu>
    </>
  );
}
