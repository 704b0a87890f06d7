// The verification studies (test files of `npm run verify`) and where each last ran: `npm run verify`
// runs a study again only when its sources change, so a result may come from an earlier commit.
import { Box, Card, Chip, Table, TableBody, TableCell, TableContainer, TableRow, Typography } from '@mui/material';
import type { VerificationLastRun, VerificationStudy } from '@simforge/contracts';
import { formatDateTime } from '../../lib/time';
import { TableHeadings } from '../../components/ui/TableHeadings';

/** `3b40c74de6 · 28 Nov 2026, 07:35:35`, with a note when the sources had uncommitted changes. */
export function lastRunText(run: VerificationLastRun | undefined): string {
  if (!run) return 'not recorded';
  const commit = run.commit ? `commit ${run.commit.slice(0, 10)}` : 'no commit';
  return `${commit}${run.uncommitted_changes ? ' with uncommitted changes' : ''} · ${formatDateTime(run.ran_at)}`;
}

function testsText(tests: VerificationStudy['tests']): string {
  if (!tests) return 'not recorded';
  const parts = [`${tests.passed} passed`];
  if (tests.failed > 0) parts.push(`${tests.failed} failed`);
  if (tests.skipped > 0) parts.push(`${tests.skipped} skipped`);
  if (tests.todo > 0) parts.push(`${tests.todo} to do`);
  return parts.join(', ');
}

export function StudiesTable({ studies }: { studies: VerificationStudy[] }) {
  return (
    <Card component="section" aria-label="Verification studies" sx={{ mb: 3 }}>
      <Box sx={{ p: 2, pb: 1 }}>
        <Typography variant="h3" component="h2">
          Verification studies
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Each test file <code>npm run verify</code> runs, with the commit at which it last ran. A study runs again when the sources it imports (or its family&apos;s) change.
        </Typography>
      </Box>
      <TableContainer>
        <Table size="small" aria-label="Verification studies">
          <TableHeadings columns={['Study', 'Tests', 'Last run', 'Result']} />
          <TableBody>
            {studies.map((s) => (
              <TableRow key={s.file} data-study={s.file}>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  <code>{s.file}</code>
                </TableCell>
                <TableCell>
                  {testsText(s.tests)}
                  {s.duration_s !== null ? ` in ${s.duration_s} s` : ''}
                </TableCell>
                <TableCell>{lastRunText(s)}</TableCell>
                <TableCell>
                  <Chip size="small" color={s.passed ? 'success' : 'error'} label={s.passed ? 'pass' : 'fail'} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
