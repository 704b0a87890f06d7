// One solver's cases, grouped by kind: against mathematics (verification), against measurements
// (validation) and how results follow their inputs (sensitivity: the ratio new/base of a result when
// one input moves, against the sign and size physics gives).
import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { VerificationCase } from '@simforge/contracts';
import { lastRunText } from './StudiesTable';
import { formatError } from './verificationApi';

const KINDS: readonly { kind: VerificationCase['kind']; title: string; ratioHeading: string }[] = [
  { kind: 'verification', title: 'Verification: against exact and manufactured solutions and other codes', ratioHeading: 'Ours / reference' },
  { kind: 'validation', title: 'Validation: against measurements and their correlations', ratioHeading: 'Ours / measured' },
  { kind: 'sensitivity', title: 'Sensitivity: one input moved, the result’s change (new / base)', ratioHeading: 'Ours / expected' },
];

function CasesTable({ cases, label, ratioHeading }: { cases: VerificationCase[]; label: string; ratioHeading: string }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Compared</TableCell>
            <TableCell>Reference</TableCell>
            <TableCell align="right">{ratioHeading}</TableCell>
            <TableCell align="right">Tolerance</TableCell>
            <TableCell align="right">Error</TableCell>
            <TableCell>Result</TableCell>
            <TableCell>Last run</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {cases.map((c) => (
            <TableRow key={c.id} data-case-id={c.id}>
              <TableCell>
                {c.compared}
                <Typography variant="caption" color="text.secondary" component="div">
                  {c.kind} · {c.id}
                </Typography>
              </TableCell>
              <TableCell>{c.reference}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {c.value !== null && c.reference_value !== null ? `${Number(c.value.toPrecision(6))} / ${Number(c.reference_value.toPrecision(6))}${c.unit ? ` ${c.unit}` : ''}` : '—'}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatError(c.tolerance, c.error_kind, c.unit)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatError(c.error, c.error_kind, c.unit)}
              </TableCell>
              <TableCell>
                <Chip size="small" color={c.passed ? 'success' : c.deviation ? 'warning' : 'error'} label={c.passed ? 'pass' : c.deviation ? 'documented deviation' : 'fail'} />
                {!c.passed && c.deviation ? (
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5, maxWidth: 320 }}>
                    {c.deviation}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>{lastRunText(c.last_run)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function CasesByKind({ cases }: { cases: VerificationCase[] }) {
  return (
    <>
      {KINDS.map(({ kind, title, ratioHeading }) => {
        const ofKind = cases.filter((c) => c.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <Box key={kind} component="section" aria-label={title} sx={{ mb: 1 }}>
            <Typography variant="subtitle2" component="h3" sx={{ px: 2, pt: 1 }}>
              {title}
            </Typography>
            <CasesTable cases={ofKind} label={title} ratioHeading={ratioHeading} />
          </Box>
        );
      })}
    </>
  );
}
