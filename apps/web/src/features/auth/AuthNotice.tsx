import type { ReactNode } from 'react';
import { Alert, Button, type AlertColor } from '@mui/material';
import { AuthLayout } from '../layout/AuthLayout';

/** The one next step a notice offers: a button that acts, or that goes to an address. */
interface NextStep {
  label: string;
  onClick?: () => void;
  href?: string;
}

/** A sign-in screen that says how things stand (success, a problem) and offers the one next step. */
export function AuthNotice({ title, severity, next, children }: { title: string; severity: AlertColor; next: NextStep; children: ReactNode }) {
  return (
    <AuthLayout title={title}>
      <Alert severity={severity} sx={{ mb: 3 }}>
        {children}
      </Alert>
      <Button variant="contained" onClick={next.onClick} href={next.href}>
        {next.label}
      </Button>
    </AuthLayout>
  );
}
