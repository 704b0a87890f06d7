// /verification: each solver's verification and validation cases, what is compared, the reference,
// the tolerance, our error, the outcome and the commit at which it last ran, as `npm run verify`
// recorded them, then the studies (test files) themselves. `?type=` narrows it to the models of one
// simulation type.
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card, Chip, LinearProgress, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { VerificationCase, VerificationReport } from '@simforge/contracts';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageHeader } from '../../components/ui/PageHeader';
import { ApiError } from '../../lib/api';
import { errorDetail } from '../../lib/errorDetail';
import { formatDateTime } from '../../lib/time';
import { lastRunText, StudiesTable } from './StudiesTable';
import { formatError, modelsOfType, VERIFICATION_PATH, verificationReportQuery } from './verificationApi';

function CasesTable({ cases }: { cases: VerificationCase[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Verification cases">
        <TableHead>
          <TableRow>
            <TableCell>Compared</TableCell>
            <TableCell>Reference</TableCell>
            <TableCell align="right">Ours / reference</TableCell>
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
                <Chip size="small" color={c.passed ? 'success' : 'error'} label={c.passed ? 'pass' : 'fail'} />
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>{lastRunText(c.last_run)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Report({ report, type }: { report: VerificationReport; type: string | null }) {
  const wanted = type ? new Set(modelsOfType(report, type)) : null;
  const models = report.models.filter((m) => !wanted || wanted.has(m.model));
  const total = report.cases.length;
  const passed = report.cases.filter((c) => c.passed).length;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {passed} of {total} cases within tolerance. Generated {formatDateTime(report.generated_at)} by <code>npm run verify</code> from the solvers' own verification tests (solvers {report.solvers_version}).
        Each result is from the last run of its study, at the commit shown: a study runs again when its sources change.
      </Typography>
      {type ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Showing the solvers of {type}. <Link component={RouterLink} to={VERIFICATION_PATH}>Show every solver</Link>
        </Alert>
      ) : null}
      {models.length === 0 ? <Typography>No solver runs {type} yet.</Typography> : null}
      {models.map((m) => {
        const cases = report.cases.filter((c) => c.model === m.model);
        return (
          <Card key={m.model} component="section" aria-label={m.model} sx={{ mb: 3 }}>
            <Box sx={{ p: 2, pb: 1 }}>
              <Typography variant="h3" component="h2">
                {m.model}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {m.types.length > 0 ? `Runs ${m.types.join(', ')}` : 'Not yet behind a simulation type'} · {cases.filter((c) => c.passed).length} of {cases.length} cases pass
              </Typography>
            </Box>
            {cases.length > 0 ? <CasesTable cases={cases} /> : <Typography sx={{ px: 2, pb: 2 }}>No recorded cases yet.</Typography>}
          </Card>
        );
      })}
      {!type && report.studies.length > 0 ? <StudiesTable studies={report.studies} /> : null}
    </>
  );
}

export function VerificationReportScreen() {
  const [params] = useSearchParams();
  const type = params.get('type')?.toUpperCase() ?? null;
  const report = useQuery(verificationReportQuery());
  return (
    <Box>
      <PageHeader title="Verification report" />
      {report.isPending ? <LinearProgress aria-label="Loading the verification report" /> : null}
      {report.isError ? (
        report.error instanceof ApiError && report.error.status === 404 ? (
          <Alert severity="warning">{errorDetail(report.error).message}</Alert>
        ) : (
          <ErrorAlert onRetry={() => void report.refetch()}>{errorDetail(report.error).message}</ErrorAlert>
        )
      ) : null}
      {report.data ? <Report report={report.data} type={type} /> : null}
    </Box>
  );
}
