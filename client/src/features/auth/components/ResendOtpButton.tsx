import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TOAST } from '@cryptovest/common';
import { useSnackbar } from 'notistack';
import { useServerErrors } from '../../../app/graphqlErrors';
import type { OtpPurpose } from '../../../generated/graphql';
import { useResendOtpMutation } from '../../../generated/hooks';

/** Props of ResendOtpButton. */
export interface ResendOtpButtonProps {
  /** Where the code goes; the button is disabled while empty. */
  email: string;
  activity: OtpPurpose;
  disabled?: boolean;
}

/** The "Didn't get it? resend otp" row of the code screens (SPEC §2): mails a new code and says so. */
export function ResendOtpButton({ email, activity, disabled = false }: ResendOtpButtonProps) {
  const [resendOtp, { loading }] = useResendOtpMutation();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useServerErrors();

  const resend = async () => {
    try {
      await resendOtp({ variables: { email: email.trim(), activity } });
      enqueueSnackbar(TOAST.otpResent, { variant: 'success' });
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        Didn&apos;t get it?
      </Typography>
      <Button
        variant="text"
        color="secondary"
        onClick={() => void resend()}
        disabled={disabled || loading || !email.trim()}
      >
        resend otp
      </Button>
    </Stack>
  );
}
