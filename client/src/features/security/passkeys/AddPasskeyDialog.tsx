import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useToasts } from '../../../app/toasts/toasts';
import { object, string } from 'yup';
import { useServerErrors } from '../../../app/graphqlErrors';
import { setToken } from '../../../app/session';
import { textFieldProps } from '../../../app/textFieldProps';
import { useAddPasskeyMutation, usePasskeyRegistrationOptionsMutation } from '../../../generated/hooks';
import { FormDialog } from '../../../components/FormDialog';
import { createPasskey, PasskeyBrowserError } from '../webauthn';

/** Props of AddPasskeyDialog. */
export interface AddPasskeyDialogProps {
  onClose: () => void;
  /** The passkey is stored and the new session token saved; `recoveryCodes` when it was the first factor. */
  onAdded: (recoveryCodes: readonly string[]) => void;
}

/** Longest passkey name the server keeps. */
const NAME_MAX = 60;

const schema = object({
  name: string().trim().required('name is required').max(NAME_MAX, `name must be at most ${NAME_MAX} characters`),
});

/**
 * "Add a passkey": asks for a name (to tell passkeys apart), then runs the browser's passkey
 * creation and stores the answer. The session token `addPasskey` returns replaces the stored one
 * (proven with the new passkey: what lets an administrator into the back office).
 */
export function AddPasskeyDialog({ onClose, onAdded }: AddPasskeyDialogProps) {
  const [options] = usePasskeyRegistrationOptionsMutation();
  const [add] = useAddPasskeyMutation();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useToasts();

  const form = useFormik({
    initialValues: { name: '' },
    validationSchema: schema,
    onSubmit: async (values, { setFieldError }) => {
      const { name } = schema.cast(values);
      try {
        const { data } = await options();
        if (!data) throw new Error('passkeyRegistrationOptions answered without options');
        const response = await createPasskey(data.passkeyRegistrationOptions);
        const added = await add({ variables: { name, response } });
        if (!added.data) throw new Error('addPasskey answered without data');
        setToken(added.data.addPasskey.session.token);
        enqueueSnackbar('Passkey added', { variant: 'success' });
        onAdded(added.data.addPasskey.recoveryCodes);
      } catch (error) {
        if (error instanceof PasskeyBrowserError) enqueueSnackbar(error.message, { variant: 'error' });
        else reportError(error, { setFieldError, fields: ['name'] });
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
    </FormDialog>
  );
}
