import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { msg, type Translate } from '@cryptovest/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { string } from 'yup';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useSendEnrolmentCodeMutation } from '../../../generated/hooks';
import { MONOSPACE } from '../../../components/second-factor/monospace';

/** Shown under the field until something is typed. */
const ENROLMENT_CODE_HINT = msg('Administrators need it for their first second factor: we e-mail it to you');

/** Said when a typed enrolment code is not shaped like one. */
const ENROLMENT_CODE_SHAPE = msg('An enrolment code has 16 letters and digits, like abcd-efgh-jkmn-pqrs');

/** What an enrolment code looks like, as the field's placeholder (a sample, not words to translate). */
const ENROLMENT_CODE_SAMPLE = 'abcd-efgh-jkmn-pqrs';

/** What an enrolment code looks like: four groups of four letters and digits (dashes and spaces aside). */
export function isEnrolmentCode(raw: string): boolean {
  return /^[a-z0-9]{16}$/i.test(raw.replace(/[\s-]/g, ''));
}

/** The enrolment code field's rule, its messages in the reader's language (`t` of `security`). */
export function enrolmentCodeRule(t: Translate) {
  return string()
    .required(t(ENROLMENT_CODE_HINT))
    .test('shape', t(ENROLMENT_CODE_SHAPE), (value = '') => isEnrolmentCode(value));
}

/**
 * An administrator's one-time enrolment code (issue 33), typed beside the first second factor, with
 * "E-mail me a code" next to it: the password alone must not be enough to enrol a factor.
 */
export function EnrolmentCodeField(props: Omit<TextFieldProps, 'label' | 'variant'>) {
  const { t } = useTranslation('security');
  const [send, { loading }] = useSendEnrolmentCodeMutation();
  const [sent, setSent] = useState(false);
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const emailMe = async () => {
    try {
      await send();
      setSent(true);
      enqueueSnackbar(t('We sent an enrolment code to your e-mail'), { variant: 'success' });
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        fullWidth
        label={t('Enrolment code')}
        placeholder={ENROLMENT_CODE_SAMPLE}
        {...props}
        helperText={props.helperText ?? t(ENROLMENT_CODE_HINT)}
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
        {sent ? t('Send a new code') : t('E-mail me a code')}
      </Button>
    </Stack>
  );
}
