import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { msg } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';

/**
 * What happens after a withdrawal request (docs/spec-deviations.md: the spec's "processed
 * immediately" is not what happens: an administrator reviews and pays it). English, as a
 * catalogue key.
 */
export const WITHDRAWAL_NEXT_STEPS = msg(
  'Your withdrawal request has been received. The amount is held from your available balance while an administrator reviews it and sends it to the selected wallet address; you will be notified when it has been sent, or if it is declined (then the amount is available again).',
);

/** The withdrawal success modal (SPEC §8). */
export function WithdrawSuccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="withdraw-success-title"
      aria-describedby="withdraw-success-text"
    >
      <DialogTitle id="withdraw-success-title">{t('Withdrawal request received')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="withdraw-success-text">{t(WITHDRAWAL_NEXT_STEPS)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="secondary" variant="contained" autoFocus>
          {t('OK')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
