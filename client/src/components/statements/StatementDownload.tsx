import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { localizeMessage } from '@cryptovest/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadError, downloadFile } from '../../app/api/downloadFile';
import { chosenRange, type PeriodChoice, PeriodPicker } from '../period/PeriodPicker';
import type { DayRange } from '../period/periods';

/** Longest statement the server gives (days, both ends counted). */
export const STATEMENT_MAX_DAYS = 366;

/** The formats a statement comes in. */
type Format = 'csv' | 'pdf';

/** Props of StatementDownload. */
export interface StatementDownloadProps {
  /** Whose statement: absent for the signed-in investor's own; an admin page passes the investor's id. */
  userId?: string;
}

/** GET /api/statements for a period and format (and, for admins, an investor). */
export function statementPath(range: DayRange, format: Format, userId?: string): string {
  const query = new URLSearchParams({ from: range.from, to: range.to, format });
  if (userId) query.set('userId', userId);
  return `/api/statements?${query.toString()}`;
}

/**
 * Downloads an account statement for a chosen period as CSV or PDF (issue 38): the period picker,
 * one button per format, the file saved under the server's name, and the reason when it fails.
 * Reusable: the investor's Statements page places it without `userId`, an admin page with one.
 */
export function StatementDownload({ userId }: StatementDownloadProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<PeriodChoice>({ preset: 'lastMonth', custom: {} });
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const range = chosenRange(choice, STATEMENT_MAX_DAYS);

  const download = async (format: Format) => {
    if (!range) return;
    setBusy(format);
    setError(null);
    setSaved(null);
    try {
      const name = await downloadFile(statementPath(range, format, userId), `statement.${format}`);
      setSaved(name);
    } catch (err) {
      setError(err instanceof DownloadError ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  const button = (format: Format, label: string) => (
    <Button
      variant={format === 'pdf' ? 'contained' : 'outlined'}
      startIcon={busy === format ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
      disabled={!range || busy !== null}
      onClick={() => void download(format)}
      sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
    >
      {label}
    </Button>
  );

  const pdfButton = button('pdf', t('Download PDF'));
  const csvButton = button('csv', t('Download CSV'));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <PeriodPicker
        value={choice}
        onChange={(next) => {
          // What was saved belonged to the period shown before.
          setChoice(next);
          setSaved(null);
        }}
        maxDays={STATEMENT_MAX_DAYS}
        idPrefix="statement"
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {pdfButton}
        {csvButton}
      </Box>
      <Box aria-live="polite">
        {saved && (
          <Typography variant="body2" color="text.secondary">
            {t('Saved {{file}}', { file: saved })}
          </Typography>
        )}
      </Box>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {t('Could not download the statement: {{reason}}', {
            reason: localizeMessage((key, params) => t(key, params), error),
          })}
        </Alert>
      )}
    </Box>
  );
}
