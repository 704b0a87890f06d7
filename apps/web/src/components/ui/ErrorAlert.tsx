import type { ReactNode } from 'react';
import { Alert, AlertTitle, Button } from '@mui/material';

/** A failure in red: the API's detail (or another readable sentence), optionally with a retry. */
export function ErrorAlert({ title, children, onRetry, retryLabel = 'Try again' }: { title?: string; children: ReactNode; onRetry?: () => void; retryLabel?: string }) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : undefined
      }
    >
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {children}
    </Alert>
  );
}
