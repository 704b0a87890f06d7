import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent } from '@mui/material';
import { PageHeader } from '../../components/ui/PageHeader';
import { CrossSectionDesigner, CrossSectionDesignerDialog, exampleVGroove, type CrossSectionData } from '../../features/cross-section-designer';

export default function PolygonDesignerRoute() {
  const [confirmed, setConfirmed] = useState<CrossSectionData | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <>
      <PageHeader
        title="Polygon cross-section designer"
        subtitle="Playground for the cross-section designer used for weld joints and ridges (mm in the editor, metres in the JSON)."
        actions={
          <Button variant="outlined" onClick={() => setDialogOpen(true)}>
            Open as dialog
          </Button>
        }
      />
      <Card>
        <CardContent>
          <CrossSectionDesigner initial={exampleVGroove} onConfirm={setConfirmed} />
        </CardContent>
      </Card>
      {confirmed ? (
        <Alert severity="success" sx={{ mt: 2 }} onClose={() => setConfirmed(null)}>
          <AlertTitle>Cross-section accepted</AlertTitle>
          <Box component="pre" data-testid="confirmed-cross-section" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {JSON.stringify(confirmed)}
          </Box>
        </Alert>
      ) : null}
      <CrossSectionDesignerDialog
        open={dialogOpen}
        initial={confirmed ?? undefined}
        onClose={() => setDialogOpen(false)}
        onConfirm={(data) => {
          setConfirmed(data);
          setDialogOpen(false);
        }}
      />
    </>
  );
}
