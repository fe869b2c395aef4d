import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Translate } from '@cryptovest/common';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../app/site/site';
import { CopyButton } from '../components/CopyButton';
import { englishText } from '../components/englishText';
import { MONOSPACE } from '../../../components/second-factor/monospace';

/** Props of RecoveryCodes. */
export interface RecoveryCodesProps {
  codes: readonly string[];
  /** "I have saved them": the codes are gone from the screen for good. */
  onDone: () => void;
}

/**
 * The codes as a text file: what they are, when they were made (ISO date, read the same in every
 * language), one per line; its words in the reader's language (`t` of `security`; English without).
 */
export function recoveryCodesText(
  brand: string,
  codes: readonly string[],
  now = new Date(),
  t: Translate = englishText,
): string {
  return [
    t('{{brand}} recovery codes', { brand }),
    t('Made {{date}}. Each code works once. Keep them somewhere safe.', { date: now.toISOString().slice(0, 10) }),
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Starts a download of `text` as `fileName` (no server round trip: the codes never leave the page). */
function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The ten new recovery codes, shown once (after set-up or when replaced): a numbered list in
 * monospace, Copy and Download .txt, and "I have saved them" to close.
 */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const { t } = useTranslation('security');
  const { brandName } = useSite();
  const listId = useId();
  const text = recoveryCodesText(brandName, codes, new Date(), (key, params) => t(key, params));
  const fileName = `${brandName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`;
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Alert severity="warning">
        {t(
          'Save these recovery codes somewhere safe, such as a password manager. Each one works once, if you lose your authenticator app. You will not see them again.',
        )}
      </Alert>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={listId} variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
          {t('Your recovery codes')}
        </Typography>
        <Box
          component="ol"
          aria-labelledby={listId}
          sx={{
            m: 0,
            pl: 3.5,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            columnGap: 5,
            rowGap: 1,
            fontFamily: MONOSPACE,
            fontSize: '1.05rem',
          }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <CopyButton text={codes.join('\n')} label={t('Copy codes')} />
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<DownloadIcon />}
          onClick={() => download(fileName, text)}
        >
          {t('Download .txt')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" color="secondary" onClick={onDone}>
          {t('I have saved them')}
        </Button>
      </Stack>
    </Stack>
  );
}
