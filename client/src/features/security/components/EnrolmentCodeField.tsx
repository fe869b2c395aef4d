import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useSendEnrolmentCodeMutation } from '../../../generated/hooks';
import { MONOSPACE } from '../../../components/second-factor/monospace';

/** Shown under the field until something is typed. */
export const ENROLMENT_CODE_HINT = 'Administrators need it for their first second factor: we e-mail it to you';

/** What an enrolment code looks like: four groups of four letters and digits (dashes and spaces aside). */
export function isEnrolmentCode(raw: string): boolean {
  return /^[a-z0-9]{16}$/i.test(raw.replace(/[\s-]/g, ''));
}

/**
 * An administrator's one-time enrolment code (issue 33), typed beside the first second factor, with
 * "E-mail me a code" next to it: the password alone must not be enough to enrol a factor.
 */
export function EnrolmentCodeField(props: Omit<TextFieldProps, 'label' | 'variant'>) {
  const [send, { loading }] = useSendEnrolmentCodeMutation();
  const [sent, setSent] = useState(false);
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const emailMe = async () => {
    try {
      await send();
      setSent(true);
      enqueueSnackbar('We sent an enrolment code to your e-mail', { variant: 'success' });
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        fullWidth
        label="Enrolment code"
        placeholder="abcd-efgh-jkmn-pqrs"
        {...props}
        helperText={props.helperText ?? ENROLMENT_CODE_HINT}
        slotProps={{
          htmlInput: {
            autoComplete: 'off',
            autoCapitalize: 'none',
            spellCheck: false,
            style: { fontFamily: MONOSPACE },
          },
        }}
      />
      <Button
        variant="outlined"
        color="secondary"
        disabled={loading}
        onClick={() => void emailMe()}
        sx={{ flexShrink: 0, mt: { sm: 1 } }}
      >
        {sent ? 'Send a new code' : 'E-mail me a code'}
      </Button>
    </Stack>
  );
}
