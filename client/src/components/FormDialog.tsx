import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of FormDialog. */
export interface FormDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Makes the dialog a form whose submit button reads `submitLabel` (translated by the caller; "Save" when absent). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  submitLabel?: string;
  /** Disables the submit button (invalid or busy). */
  submitDisabled?: boolean;
  /** A destructive action (Turn off, Remove, Revoke): the submit button is red. */
  danger?: boolean;
  /** Label of the single close button of a dialog without a form; a click outside then does not close it (a secret shown once is dismissed on purpose). */
  closeLabel?: string;
  maxWidth?: 'sm' | 'md' | 'lg';
}

/**
 * The app's modal (admin editors, Settings → Security): full screen on phones; a form with Cancel + submit (red for
 * destructive actions), or a single close button. Described by its content for screen readers.
 */
export function FormDialog(props: FormDialogProps) {
  const {
    title,
    onClose,
    children,
    onSubmit,
    submitLabel,
    submitDisabled,
    danger,
    closeLabel,
    maxWidth = 'sm',
  } = props;
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const contentId = useId();
  return (
    <Dialog
      open
      onClose={(_, reason) => {
        if (closeLabel && reason === 'backdropClick') return;
        onClose();
      }}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      aria-describedby={contentId}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      {/* display: contents keeps the dialog's column layout (scrolling content, fixed actions). */}
      <Box
        component={onSubmit ? 'form' : 'div'}
        {...(onSubmit ? { noValidate: true, onSubmit } : {})}
        sx={{ display: 'contents' }}
      >
        <DialogContent dividers id={contentId}>
          {children}
        </DialogContent>
        <DialogActions>
          {onSubmit ? (
            <>
              <Button onClick={onClose} color="inherit">
                {t('Cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                color={danger ? 'error' : 'secondary'}
                disabled={submitDisabled}
              >
                {submitLabel ?? t('Save')}
              </Button>
            </>
          ) : (
            <Button onClick={onClose} variant="contained" color="secondary">
              {closeLabel ?? t('Close')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
