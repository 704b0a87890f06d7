import { Box, Button, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiFileDelimitedOutline } from '@mdi/js';
import { temperaturesInText } from '../../../lib/displayUnits';
import { saveText } from '../../../lib/saveFile';
import { useUnitSystem } from '../../../lib/unitSystems';


/** The caption of a result card (series plot or field map) with its CSV download. */
export function ResultCardHeader({ label: solverLabel, csv, filename }: { label: string; csv: (() => string) | null; filename: string }) {
  // Temperatures named in the solver's caption follow the page's unit system (as the legend does).
  useUnitSystem();
  const label = temperaturesInText(solverLabel);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
      <Typography component="figcaption" sx={{ fontWeight: 600, flexGrow: 1 }}>
        {label}
      </Typography>
      <Button
        size="small"
        disabled={!csv}
        onClick={() => csv && saveText(csv(), filename, 'text/csv;charset=utf-8')}
        startIcon={<Icon path={mdiFileDelimitedOutline} size={0.7} aria-hidden />}
        aria-label={`Download ${label} as CSV`}
      >
        CSV
      </Button>
    </Box>
  );
}
