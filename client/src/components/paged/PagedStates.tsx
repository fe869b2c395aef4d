import Typography from '@mui/material/Typography';
import { Loader } from '../Loader';
import { RetryAlert } from '../RetryAlert';

/** Props of FirstPageStatus. */
export interface FirstPageStatusProps {
  label: string;
  failed: boolean;
  onRetry: () => Promise<unknown>;
}

/** A PagedTable before its first page arrived: a loader, or a retry when the load failed. */
export function FirstPageStatus({ label, failed, onRetry }: FirstPageStatusProps) {
  if (failed) return <RetryAlert onRetry={onRetry}>{`Could not load ${label.toLowerCase()}.`}</RetryAlert>;
  return <Loader label={`Loading ${label.toLowerCase()}`} />;
}

/** A page without rows. Not a cell of the wide table: on a phone its centre is off-screen (issue 14: "N"). */
export function NoRows({ text }: { text: string }) {
  return (
    <Typography role="status" align="center" color="text.secondary" sx={{ py: 4, px: 2 }}>
      {text}
    </Typography>
  );
}
