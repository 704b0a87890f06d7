// The list page's "Import": a SimForge case file (.json) or an EPANET file (.inp) becomes a new
// draft simulation; the server's problems with the file are listed by field.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiFileUploadOutline, mdiImport } from '@mdi/js';
import { MAX_IMPORT_LENGTH } from '@simforge/contracts';
import { ApiError } from '../../lib/api';
import { errorDetail } from '../../lib/errorDetail';
import { paths } from '../../lib/redirects';
import { notify } from '../../lib/notificationStore';
import { simulationsKeys } from '../simulations/simulationsApi';
import { importSimulation } from './exportsApi';

/** Each problem as "content.parameters.diameter: This field must be …" (the path inside the request). */
export function importProblems(error: unknown): string[] {
  if (error instanceof ApiError && Array.isArray((error.body as { detail?: unknown } | null)?.detail)) {
    return ((error.body as { detail: { loc?: unknown[]; msg?: string }[] }).detail ?? []).map((item) => {
      const loc = (item.loc ?? []).filter((part) => part !== 'body').join('.');
      return loc ? `${loc}: ${item.msg ?? 'This field is invalid'}` : (item.msg ?? 'This field is invalid');
    });
  }
  return [errorDetail(error).message];
}

function readText(file: File): Promise<string> {
  return typeof file.text === 'function'
    ? file.text()
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(new Error('Failed to read file'));
        reader.readAsText(file);
      });
}

export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setFile(null);
    setTitle('');
    setProblems([]);
    onClose();
  };

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setProblems([]);
    try {
      const content = await readText(file);
      if (content.length > MAX_IMPORT_LENGTH) throw new Error(`The file has ${content.length} characters; at most ${MAX_IMPORT_LENGTH} are accepted`);
      const created = await importSimulation({ file_name: file.name, content, ...(title.trim() ? { title: title.trim() } : {}) });
      await queryClient.invalidateQueries({ queryKey: simulationsKeys.lists });
      notify({ content: `Imported "${created.title}"`, color: 'success' });
      close();
      navigate(paths.simulationView(created.id));
    } catch (error) {
      setProblems(error instanceof ApiError ? importProblems(error) : [(error as Error).message]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="import-title">
      <DialogTitle id="import-title">Import a simulation</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          A SimForge case file (.json, exported from a simulation) or an EPANET input file (.inp, becomes a pipe network). It is created as a new draft.
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Button variant="outlined" component="label" startIcon={<Icon path={mdiFileUploadOutline} size={0.8} aria-hidden />}>
            Choose file
            <input
              hidden
              type="file"
              accept=".json,.inp,application/json"
              aria-label="Case or .inp file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setProblems([]);
              }}
            />
          </Button>
          <Typography variant="body2" data-testid="import-file-name">
            {file ? file.name : 'No file chosen'}
          </Typography>
        </Box>
        <TextField label="Title (optional)" fullWidth size="small" value={title} onChange={(e) => setTitle(e.target.value)} helperText="Default: the file's title" />
        {problems.length > 0 ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            The file cannot be imported:
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </Box>
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={!file || busy} onClick={() => void submit()}>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ImportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<Icon path={mdiImport} size={0.9} aria-hidden />} onClick={() => setOpen(true)}>
        Import
      </Button>
      <ImportDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
