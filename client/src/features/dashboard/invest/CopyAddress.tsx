import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { coinName } from '../../../components/coins';
import { useCopy } from '../../../components/useCopy';

/** A deposit address with its QR code and a copy button that shows 'Copied!' for 1.5 s (SPEC §9). */
export function CopyAddress({ coin, address, qrCode }: { coin: string; address: string; qrCode: string | null }) {
  const { t } = useTranslation('dashboard');
  const { copied, copy } = useCopy();

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      {qrCode && (
        <Box
          component="img"
          src={qrCode}
          alt={t('QR code of the {{coin}} deposit address', { coin: coinName(coin) })}
          width={132}
          height={132}
          sx={{ bgcolor: '#ffffff', borderRadius: 1, p: 0.5, flexShrink: 0 }}
        />
      )}
      <div style={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {t('{{coin}} deposit address', { coin: coinName(coin) })}
        </Typography>
        <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{address}</Typography>
      </div>
      <Button
        onClick={() => copy(address)}
        startIcon={<ContentCopyIcon />}
        variant="outlined"
        color="secondary"
        aria-live="polite"
      >
        {copied ? t('Copied!') : t('Copy address')}
      </Button>
    </Paper>
  );
}
