import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { EMPTY_VALUE } from '@cryptovest/common';
import { useCopy } from '../../../components/useCopy';

/** Characters of a wallet address shown in the admin table (SPEC §9 "about 20"). */
export const WALLET_SHOWN_CHARS = 20;

/** `address` cut to WALLET_SHOWN_CHARS characters, with an ellipsis when cut. */
export function truncateWallet(address: string): string {
  return address.length > WALLET_SHOWN_CHARS ? `${address.slice(0, WALLET_SHOWN_CHARS)}\u2026` : address;
}

/** A wallet address cut to about 20 characters, with a copy button that says 'Copied!' for 1.5 s. */
export function CopyWallet({ address }: { address: string | null | undefined }) {
  const { copied, copy } = useCopy();
  if (!address) return <>{EMPTY_VALUE}</>;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <Typography component="span" variant="body2" title={address} sx={{ fontFamily: 'monospace' }}>
        {truncateWallet(address)}
      </Typography>
      <IconButton size="small" onClick={() => copy(address)} aria-label="Copy wallet address">
        {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
      <Typography component="span" variant="caption" color="success.main" role="status" sx={{ minWidth: 52 }}>
        {copied ? 'Copied!' : ''}
      </Typography>
    </Box>
  );
}
