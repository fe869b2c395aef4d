import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/i18n/useFormat';
import { Loader } from '../Loader';
import { RetryAlert } from '../RetryAlert';

/** Props of FirstPageStatus. */
export interface FirstPageStatusProps {
  /** What the table lists, translated by the caller ("Users"), said within the sentences below. */
  label: string;
  failed: boolean;
  onRetry: () => Promise<unknown>;
}

/** A PagedTable before its first page arrived: a loader, or a retry when the load failed. */
export function FirstPageStatus({ label, failed, onRetry }: FirstPageStatusProps) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  // Within a sentence the label is lower case, except in German, where nouns keep their capital.
  const what = locale === 'de' ? label : label.toLocaleLowerCase(locale);
  if (failed) return <RetryAlert onRetry={onRetry}>{t('Could not load {{what}}.', { what })}</RetryAlert>;
  return <Loader label={t('Loading {{what}}', { what })} />;
}

/** A page without rows. Not a cell of the wide table: on a phone its centre is off-screen (issue 14: "N"). */
export function NoRows({ text }: { text: string }) {
  return (
    <Typography role="status" align="center" color="text.secondary" sx={{ py: 4, px: 2 }}>
      {text}
    </Typography>
  );
}
