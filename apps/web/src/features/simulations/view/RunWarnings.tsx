import { useId, useMemo, useState } from 'react';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import type { LogLine } from '@simforge/contracts';

/**
 * How many warnings show before "Show all": a network's .inp file can log one warning per ignored
 * line, and a long list would push the key results off the screen.
 */
export const WARNINGS_SHOWN_FIRST = 5;

/**
 * The 'warn' lines of a finished run's log, shown beside its key results so model-limit warnings
 * (under-resolved wall cells, no convergence, underestimated distortion…) are seen without reading
 * the log. Renders nothing when the run logged no warning.
 *
 * A region, not MUI's default role="alert": the panel is static content of the page, and an alert
 * would be announced on every visit (and clash with the page's real alerts).
 */
export function RunWarnings({ lines }: { lines: readonly LogLine[] }) {
  const titleId = useId();
  const [showAll, setShowAll] = useState(false);
  const warnings = useMemo(() => lines.filter((line) => line.level === 'warn'), [lines]);
  if (warnings.length === 0) return null;
  const shown = showAll ? warnings : warnings.slice(0, WARNINGS_SHOWN_FIRST);

  return (
    <Alert severity="warning" role="region" aria-labelledby={titleId} sx={{ mb: 3, '& .MuiAlert-message': { minWidth: 0, flexGrow: 1 } }}>
      <AlertTitle id={titleId}>
        Warnings in this run&apos;s log ({warnings.length})
      </AlertTitle>
      <Box component="ul" aria-label="Warnings" sx={{ m: 0, pl: 2.5 }}>
        {shown.map((line) => (
          // The whole message, wrapped: a cut-off warning hides the limit it names.
          <Box component="li" key={line.seq} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', '& + &': { mt: 0.5 } }}>
            {line.message}
          </Box>
        ))}
      </Box>
      {warnings.length > WARNINGS_SHOWN_FIRST ? (
        <Button size="small" color="inherit" onClick={() => setShowAll(!showAll)} sx={{ mt: 1 }}>
          {showAll ? `Show the first ${WARNINGS_SHOWN_FIRST}` : `Show all ${warnings.length}`}
        </Button>
      ) : null}
    </Alert>
  );
}
