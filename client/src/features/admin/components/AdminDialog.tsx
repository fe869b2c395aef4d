import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type FormEventHandler, type ReactNode } from 'react';

/** Props of AdminDialog. */
export interface AdminDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Makes the dialog a form with a submit button labelled `submitLabel`. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  submitLabel?: string;
  /** Disables the submit button (form unchanged, invalid or busy). */
  submitDisabled?: boolean;
  maxWidth?: 'sm' | 'md' | 'lg';
}

/** The admin modal: full screen on phones, a form with Cancel + submit, or a plain Close. */
export function AdminDialog(props: AdminDialogProps) {
  const { title, onClose, children, onSubmit, submitLabel = 'Save', submitDisabled, maxWidth = 'sm' } = props;
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* display: contents keeps the dialog's column layout (scrolling content, fixed actions). */}
      <Box
        component={onSubmit ? 'form' : 'div'}
        {...(onSubmit ? { noValidate: true, onSubmit } : {})}
        sx={{ display: 'contents' }}
      >
        <DialogContent dividers>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {onSubmit ? 'Cancel' : 'Close'}
          </Button>
          {onSubmit && (
            <Button type="submit" variant="contained" color="secondary" disabled={submitDisabled}>
              {submitLabel}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
