import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, useSnackbar, type CustomContentProps, type SnackbarKey } from 'notistack';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterErrorToast } from './staleErrorToasts';

/** notistack's toast restyled with theme colours (its defaults fail AA contrast on white text). */
const StyledContent = styled(MaterialDesignContent)(({ theme }) => ({
  cursor: 'pointer',
  fontFamily: theme.typography.fontFamily,
  '&.notistack-MuiContent-default': { backgroundColor: theme.palette.grey[900] },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
}));

/** A toast that closes when clicked anywhere (SPEC §2); the close button serves keyboard users. */
const ClickToCloseToast = forwardRef<HTMLDivElement, CustomContentProps>(function ClickToCloseToast(props, ref) {
  const { closeSnackbar } = useSnackbar();
  useRegisterErrorToast(props.id, props.variant);
  return (
    <div ref={ref} onClick={() => closeSnackbar(props.id)}>
      <StyledContent {...props} />
    </div>
  );
});

/** Every variant rendered by the click-to-close toast, for SnackbarProvider's `Components`. */
export const toastComponents = {
  default: ClickToCloseToast,
  info: ClickToCloseToast,
  success: ClickToCloseToast,
  warning: ClickToCloseToast,
  error: ClickToCloseToast,
};

/** The close button of one toast (a component, so it can reach its provider). */
function CloseToastButton({ id }: { id: SnackbarKey }) {
  const { t } = useTranslation();
  const { closeSnackbar } = useSnackbar();
  return (
    <IconButton size="small" color="inherit" aria-label={t('Close notification')} onClick={() => closeSnackbar(id)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** SnackbarProvider's `action`: a close button in every toast, for keyboard and screen-reader users. */
export function closeAction(id: SnackbarKey) {
  return <CloseToastButton id={id} />;
}
