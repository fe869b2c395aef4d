import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadError, downloadFile } from '../../../app/api/downloadFile';
import { chosenRange, type PeriodChoice, PeriodPicker } from '../../../components/period/PeriodPicker';
import type { DayRange } from '../../../components/period/periods';

/** GET /api/admin/exports/transactions for a period. */
export function transactionsExportPath(range: DayRange): string {
  return `/api/admin/exports/transactions?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`;
}

/**
 * The admins' accounting export (issue 38): every investor's transactions of a chosen period as
 * one CSV (streamed by the server, any size), saved under the server's file name; the reason
 * shown when it fails. Meant for the admin transactions page's toolbar.
 */
export function AllTransactionsExport() {
  const { t } = useTranslation('admin');
  const [choice, setChoice] = useState<PeriodChoice>({ preset: 'lastMonth', custom: {} });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const range = chosenRange(choice);

  const download = async () => {
    if (!range) return;
    setBusy(true);
    setError(null);
    try {
      await downloadFile(transactionsExportPath(range), 'transactions.csv');
    } catch (err) {
      setError(err instanceof DownloadError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <PeriodPicker value={choice} onChange={setChoice} idPrefix="export" />
      <Box>
        <Button
          variant="outlined"
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
          disabled={!range || busy}
          onClick={() => void download()}
        >
          {t('Export all transactions (CSV)')}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {t('Could not export the transactions: {{error}}', { error })}
        </Alert>
      )}
    </Box>
  );
}
