import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { coinName } from '../../../components/coins';
import { useFormat } from '../../../app/i18n/useFormat';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  plan: string;
  amount: string;
  crypto: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Confirmation modal of the invest form: plan, amount and currency (SPEC §2). */
export function ConfirmDialog({ open, plan, amount, crypto, onCancel, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation('dashboard');
  const { money } = useFormat();
  const rows = [
    [t('Plan'), plan],
    [t('Amount'), money(amount)],
    [t('Currency'), coinName(crypto)],
  ];
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="invest-confirm-title" fullWidth maxWidth="xs">
      <DialogTitle id="invest-confirm-title">{t('Confirm your investment')}</DialogTitle>
      <DialogContent>
        <dl style={{ margin: 0 }}>
          {rows.map(([term, value]) => (
            <Typography key={term} component="div" sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5 }}>
              <Typography component="dt" color="text.secondary">
                {term}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
                {value}
              </Typography>
            </Typography>
          ))}
        </dl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit">
          {t('Cancel')}
        </Button>
        <Button onClick={onConfirm} variant="contained" color="secondary" autoFocus>
          {t('Continue to deposit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
