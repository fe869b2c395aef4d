import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { useSnackbar } from 'notistack';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { setToken } from '../../../app/session/session';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { useAddPasskeyMutation, usePasskeyRegistrationOptionsMutation } from '../../../generated/hooks';
import { FormDialog } from '../../../components/FormDialog';
import { ENROLMENT_CODE_HINT, EnrolmentCodeField, isEnrolmentCode } from '../components/EnrolmentCodeField';
import { useStepUp } from '../step-up/stepUp';
import { createPasskey, PasskeyBrowserError } from '../../../components/second-factor/webauthn';

/** Props of AddPasskeyDialog. */
export interface AddPasskeyDialogProps {
  /** An administrator's first factor: the one-time enrolment code is asked too. */
  needsEnrolmentCode: boolean;
  onClose: () => void;
  /** The passkey is stored and the new session token saved; `recoveryCodes` when it was the first factor. */
  onAdded: (recoveryCodes: readonly string[]) => void;
}

/** Longest passkey name the server keeps. */
const NAME_MAX = 60;

const nameRule = string()
  .trim()
  .required('name is required')
  .max(NAME_MAX, `name must be at most ${NAME_MAX} characters`);
const enrolmentRule = string()
  .required(ENROLMENT_CODE_HINT)
  .test('shape', 'An enrolment code has 16 letters and digits, like abcd-efgh-jkmn-pqrs', (v = '') =>
    isEnrolmentCode(v),
  );

/**
 * "Add a passkey": asks for a name (to tell passkeys apart), then runs the browser's passkey
 * creation and stores the answer. The session token `addPasskey` returns replaces the stored one
 * (proven with the new passkey: what lets an administrator into the back office).
 */
export function AddPasskeyDialog({ needsEnrolmentCode, onClose, onAdded }: AddPasskeyDialogProps) {
  const [options] = usePasskeyRegistrationOptionsMutation();
  const [add] = useAddPasskeyMutation();
  const reportError = useServerErrors();
  const stepUp = useStepUp();
  const { enqueueSnackbar } = useSnackbar();
  const schema = object(needsEnrolmentCode ? { name: nameRule, enrolmentCode: enrolmentRule } : { name: nameRule });

  const form = useFormik({
    initialValues: { name: '', enrolmentCode: '' },
    validationSchema: schema,
    onSubmit: async (values, { setFieldError }) => {
      const name = values.name.trim();
      try {
        // An account with a factor proves one first (issue 33): asked here, before the browser's prompt.
        const asked = await stepUp(() => options());
        if (!asked) return;
        if (!asked.data) throw new Error('passkeyRegistrationOptions answered without options');
        const response = await createPasskey(asked.data.passkeyRegistrationOptions);
        const enrolmentCode = needsEnrolmentCode ? values.enrolmentCode.trim() : undefined;
        const added = await add({ variables: { name, response, enrolmentCode } });
        if (!added.data) throw new Error('addPasskey answered without data');
        setToken(added.data.addPasskey.session.token);
        enqueueSnackbar('Passkey added', { variant: 'success' });
        onAdded(added.data.addPasskey.recoveryCodes);
      } catch (error) {
        if (error instanceof PasskeyBrowserError) enqueueSnackbar(error.message, { variant: 'error' });
        else reportError(error, { setFieldError, fields: ['name', 'enrolmentCode'] });
      }
    },
  });

  return (
    <FormDialog
      title="Add a passkey"
      onClose={onClose}
      onSubmit={form.handleSubmit}
      submitLabel="Continue"
      submitDisabled={!form.dirty || !form.isValid || form.isSubmitting}
    >
      <Typography sx={{ mb: 2.5 }}>
        A passkey uses your device&apos;s screen lock (fingerprint, face or PIN) or a security key. After you press
        Continue, your browser asks you to create it.
      </Typography>
      <TextField
        label="Passkey name"
        placeholder="e.g. Work laptop"
        autoFocus
        fullWidth
        autoComplete="off"
        {...textFieldProps(form, 'name')}
        helperText={textFieldProps(form, 'name').helperText ?? 'So you can tell your passkeys apart'}
      />
      {needsEnrolmentCode && (
        <Box sx={{ mt: 2.5 }}>
          <EnrolmentCodeField {...textFieldProps(form, 'enrolmentCode')} />
        </Box>
      )}
    </FormDialog>
  );
}
