import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** The withdrawal success modal (SPEC §8). */
export function WithdrawSuccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="withdraw-success-title"
      aria-describedby="withdraw-success-text"
    >
      <DialogTitle id="withdraw-success-title">Withdrawal request received</DialogTitle>
      <DialogContent>
        <DialogContentText id="withdraw-success-text">
          Your withdrawal request has been received and will be processed immediately. The selected wallet address will
          receive the funds.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="secondary" variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
