import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../components/useCopy';

/** Characters of a wallet address or blockchain id shown in the admin table (SPEC §9 "about 20"). */
export const SHOWN_CHARS = 20;

/** `value` cut to SHOWN_CHARS characters, with an ellipsis when cut. */
export function truncateValue(value: string): string {
  return value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS)}\u2026` : value;
}

/** Props of CopyValue. */
export interface CopyValueProps {
  value: string | null | undefined;
  /** What it is, for the copy button's name, in the reader's language: "wallet address", "transaction id". */
  what: string;
}

/**
 * A long code (wallet address, blockchain transaction id) cut to about 20 characters, the whole
 * of it on hover, with a copy button that says 'Copied!' for 1.5 s (SPEC §2, §9).
 */
export function CopyValue({ value, what }: CopyValueProps) {
  const { t } = useTranslation('admin');
  const { copied, copy } = useCopy();
  if (!value) return <>{EMPTY_VALUE}</>;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <Typography component="span" variant="body2" title={value} sx={{ fontFamily: 'monospace' }}>
        {truncateValue(value)}
      </Typography>
      <IconButton size="small" onClick={() => copy(value)} aria-label={t('Copy {{what}}', { what })}>
        {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
      <Typography component="span" variant="caption" color="success.main" role="status" sx={{ minWidth: 52 }}>
        {copied ? t('Copied!') : ''}
      </Typography>
    </Box>
  );
}
