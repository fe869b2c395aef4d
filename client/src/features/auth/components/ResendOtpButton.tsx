import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fillEnglish, msg, TOAST } from '@cryptovest/common';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import type { OtpPurpose } from '../../../generated/graphql';
import { useResendOtpMutation } from '../../../generated/hooks';
import { retryAfterSeconds, useOtpCountdown } from '../otpCooldown';

/** Props of ResendOtpButton. */
export interface ResendOtpButtonProps {
  /** Where the code goes; the button is disabled while empty. */
  email: string;
  activity: OtpPurpose;
  disabled?: boolean;
}

/** What the toast says when the server asks to wait (its 429 RATE_LIMITED answer): a catalogue key. */
const WAIT_MESSAGE = msg('Please wait {{seconds}} s before asking for another code.');

/** The wait toast in English (as the tests read it); the button says it with `t`. */
export const waitMessage = (seconds: number) => fillEnglish(WAIT_MESSAGE, { seconds });

/**
 * The "Didn't get it? resend otp" row of the code screens (SPEC §2): mails a new code and says
 * so. The server sends at most one code a minute (issue 14), so the button counts down for 60 s
 * after each send, and for as long as the server says when it refuses (429 with the seconds left).
 */
export function ResendOtpButton({ email, activity, disabled = false }: ResendOtpButtonProps) {
  const { t } = useTranslation('auth');
  const [resendOtp, { loading }] = useResendOtpMutation();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useServerErrors();
  const [secondsLeft, restart] = useOtpCountdown(email, activity);

  const resend = async () => {
    try {
      await resendOtp({ variables: { email: email.trim(), activity } });
      restart();
      enqueueSnackbar(t(TOAST.otpResent), { variant: 'success' });
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (wait === null) {
        reportError(error);
        return;
      }
      restart(wait);
      enqueueSnackbar(t(WAIT_MESSAGE, { seconds: wait }), { variant: 'warning' });
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {t("Didn't get it?")}
      </Typography>
      <Button
        variant="text"
        color="secondary"
        onClick={() => void resend()}
        disabled={disabled || loading || !email.trim() || secondsLeft > 0}
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {secondsLeft > 0 ? t('resend otp in {{seconds}} s', { seconds: secondsLeft }) : t('resend otp')}
      </Button>
    </Stack>
  );
}
