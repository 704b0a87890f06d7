// A link to the verification report, for results pages and the simulator area:
// <VerificationReportLink type={simulation.type} /> opens the report narrowed to that type's solver.
import { Link as RouterLink } from 'react-router';
import { Link } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiCheckDecagramOutline } from '@mdi/js';
import { verificationPath } from './verificationApi';

export function VerificationReportLink({ type, label = 'How this solver is verified' }: { type?: string | null; label?: string }) {
  return (
    <Link component={RouterLink} to={verificationPath(type)} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} data-testid="verification-report-link">
      <Icon path={mdiCheckDecagramOutline} size={0.7} aria-hidden />
      {label}
    </Link>
  );
}
