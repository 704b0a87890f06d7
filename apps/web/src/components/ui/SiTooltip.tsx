// A value shown in the user's units whose SI value appears on hover (results, estimates, the
// review of a case, the comparison of runs): one wording, "<value> (SI)", everywhere.
import { Tooltip } from '@mui/material';
import type { ReactNode } from 'react';

export function SiTooltip({ si, children }: { si: string | undefined; children: ReactNode }) {
  return (
    <Tooltip title={si ? `${si} (SI)` : ''}>
      <span>{children}</span>
    </Tooltip>
  );
}
