import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline, useWhenBackOnline } from '../app/api/connection';

/**
 * An error message with a Retry button: the one way a failed load is shown. While the browser is
 * offline it says so, and it retries by itself once the connection is back (issue 38, defect 6),
 * so a page that failed offline recovers without a click.
 */
export function RetryAlert({ onRetry, children }: { onRetry: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const online = useOnline();
  useWhenBackOnline(() => void onRetry().catch(() => undefined));
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry().catch(() => undefined)}>
          {t('Retry')}
        </Button>
      }
    >
      {children}
      {!online && <> {t("You're offline: this loads again by itself when the connection is back.")}</>}
    </Alert>
  );
}
