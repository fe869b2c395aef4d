import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { useSnackbar } from 'notistack';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { setToken } from '../../../app/session/session';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { useAddPasskeyMutation, usePasskeyRegistrationOptionsMutation } from '../../../generated/hooks';
import { FormDialog } from '../../../components/FormDialog';
import { EnrolmentCodeField, enrolmentCodeRule } from '../components/EnrolmentCodeField';
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

/**
 * "Add a passkey": asks for a name (to tell passkeys apart), then runs the browser's passkey
 * creation and stores the answer. The session token `addPasskey` returns replaces the stored one
 * (proven with the new passkey: what lets an administrator into the back office).
 */
export function AddPasskeyDialog({ needsEnrolmentCode, onClose, onAdded }: AddPasskeyDialogProps) {
  const { t } = useTranslation('security');
  const [options] = usePasskeyRegistrationOptionsMutation();
  const [add] = useAddPasskeyMutation();
  const reportError = useServerErrors();
  const stepUp = useStepUp();
  const { enqueueSnackbar } = useSnackbar();
  const schema = useMemo(() => {
    const name = string()
      .trim()
      .required(t('name is required'))
      .max(NAME_MAX, t('name must be at most {{max}} characters', { max: NAME_MAX }));
    return object(needsEnrolmentCode ? { name, enrolmentCode: enrolmentCodeRule(t) } : { name });
  }, [t, needsEnrolmentCode]);

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
        enqueueSnackbar(t('Passkey added'), { variant: 'success' });
        onAdded(added.data.addPasskey.recoveryCodes);
      } catch (error) {
        if (error instanceof PasskeyBrowserError) enqueueSnackbar(t(error.message), { variant: 'error' });
        else reportError(error, { setFieldError, fields: ['name', 'enrolmentCode'] });
      }
    },
  });

  const nameField = textFieldProps(form, 'name');
  const enrolmentField = textFieldProps(form, 'enrolmentCode');
  return (
    <FormDialog
      title={t('Add a passkey')}
      onClose={onClose}
      onSubmit={form.handleSubmit}
      submitLabel={t('Continue')}
      submitDisabled={!form.dirty || !form.isValid || form.isSubmitting}
    >
      <Typography sx={{ mb: 2.5 }}>
        {t(
          "A passkey uses your device's screen lock (fingerprint, face or PIN) or a security key. After you press Continue, your browser asks you to create it.",
        )}
      </Typography>
      <TextField
        label={t('Passkey name')}
        placeholder={t('e.g. Work laptop')}
        autoFocus
        fullWidth
        autoComplete="off"
        {...nameField}
        helperText={nameField.helperText ?? t('So you can tell your passkeys apart')}
      />
      {needsEnrolmentCode && (
        <Box sx={{ mt: 2.5 }}>
          <EnrolmentCodeField {...enrolmentField} />
        </Box>
      )}
    </FormDialog>
  );
}
