import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** An error message with a Retry button: the one way a failed load is shown. */
export function RetryAlert({ onRetry, children }: { onRetry: () => Promise<unknown>; children: ReactNode }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry().catch(() => undefined)}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
