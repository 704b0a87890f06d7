// /verification: each solver's verification, validation and sensitivity cases, what is compared, the reference,
// the tolerance, our error, the outcome and the commit at which it last ran, as `npm run verify`
// recorded them, then the studies (test files) themselves. `?type=` narrows it to the models of one
// simulation type.
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card, LinearProgress, Link, Typography } from '@mui/material';
import type { VerificationReport } from '@simforge/contracts';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageHeader } from '../../components/ui/PageHeader';
import { ApiError } from '../../lib/api';
import { errorDetail } from '../../lib/errorDetail';
import { formatDateTime } from '../../lib/time';
import { CasesByKind } from './CasesTable';
import { StudiesTable } from './StudiesTable';
import { modelsOfType, VERIFICATION_PATH, verificationReportQuery } from './verificationApi';

function Report({ report, type }: { report: VerificationReport; type: string | null }) {
  const wanted = type ? new Set(modelsOfType(report, type)) : null;
  const models = report.models.filter((m) => !wanted || wanted.has(m.model));
  const total = report.cases.length;
  const passed = report.cases.filter((c) => c.passed).length;
  const deviations = report.cases.filter((c) => !c.passed && c.deviation).length;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {passed} of {total} cases within tolerance{deviations > 0 ? `, ${deviations} documented ${deviations === 1 ? 'deviation' : 'deviations'}` : ''}. Generated {formatDateTime(report.generated_at)} by <code>npm run verify</code> from the solvers' own verification tests (solvers {report.solvers_version}).
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
            {cases.length > 0 ? <CasesByKind cases={cases} /> : <Typography sx={{ px: 2, pb: 2 }}>No recorded cases yet.</Typography>}
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
