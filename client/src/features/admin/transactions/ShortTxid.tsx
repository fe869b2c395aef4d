import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../components/useCopy';

/** Characters of a blockchain id the list shows (enough to tell ids apart at a glance). */
export const SHORT_TXID_CHARS = 10;

/**
 * A transaction id in the list, short (its first characters and an ellipsis, the whole id on
 * hover) with a copy button; "Copied!" takes the text's place for 1.5 s, so the column stays
 * narrow (issue 38: the table fits 1280 px). The drawer shows the whole id (CopyValue).
 */
export function ShortTxid({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation('admin');
  const { copied, copy } = useCopy();
  if (!value) return <>{EMPTY_VALUE}</>;
  const short = value.length > SHORT_TXID_CHARS ? `${value.slice(0, SHORT_TXID_CHARS)}\u2026` : value;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, whiteSpace: 'nowrap' }}>
      <Typography
        component="span"
        variant="body2"
        title={value}
        role="status"
        color={copied ? 'success.main' : undefined}
        sx={{ fontFamily: copied ? undefined : 'monospace', minWidth: `${SHORT_TXID_CHARS + 1}ch` }}
      >
        {copied ? t('Copied!') : short}
      </Typography>
      <IconButton size="small" onClick={() => copy(value)} aria-label={t('Copy transaction id')}>
        {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
    </Box>
  );
}
