import { useState } from 'react';
import { Alert, AlertTitle, Box, Card, CardContent, FormControlLabel, Switch } from '@mui/material';
import { exampleNetworkDocument, type NetworkDocument } from '@simforge/contracts';
import { PageHeader } from '../../components/ui/PageHeader';
import { PipeDiagramEditor } from '../../features/pipe-diagram-editor/PipeDiagramEditor';
import type { NetworkIssue } from '../../features/pipe-diagram-editor/model/validation';

/** debug/components/pipe-diagram-editor: the editor on its own, with the document it holds. */
export default function PipeDiagramEditorRoute() {
  const [v2, setV2] = useState(false);
  const [state, setState] = useState<{ network: NetworkDocument; issues: NetworkIssue[] } | null>(null);
  return (
    <>
      <PageHeader
        title="Pipe diagram editor"
        subtitle="Playground for the pipe network diagram editor: junctions, reservoirs, tanks, pipes, pumps and valves; .inp import and export through the server."
        actions={<FormControlLabel control={<Switch checked={v2} onChange={(e) => setV2(e.target.checked)} />} label="Second generation (v2)" />}
      />
      <Card>
        <CardContent>
          <PipeDiagramEditor key={v2 ? 'v2' : 'v1'} initial={exampleNetworkDocument()} variant={v2 ? 'v2' : 'v1'} onChange={(network, issues) => setState({ network, issues })} />
        </CardContent>
      </Card>
      {state ? (
        <Alert severity={state.issues.length ? 'warning' : 'success'} sx={{ mt: 2 }}>
          <AlertTitle>{state.issues.length ? `${state.issues.length} problem(s)` : 'Document (SI)'}</AlertTitle>
          <Box component="pre" data-testid="pipe-diagram-document" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320, overflow: 'auto' }}>
            {JSON.stringify(state.network, null, 1)}
          </Box>
        </Alert>
      ) : null}
    </>
  );
}
