import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { setToken } from '../../../app/session/session';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { FormDialog } from '../../../components/FormDialog';
import type { SecurityStatusPartsFragment } from '../../../generated/graphql';
import {
  useStepUpPasskeyOptionsMutation,
  useStepUpWithCodeMutation,
  useStepUpWithPasskeyMutation,
} from '../../../generated/hooks';
import { EITHER_CODE_HINT, normalizeCode } from '../../../components/second-factor/codes';
import { useEitherCodeSchema } from '../components/useEitherCodeSchema';
import { OneTimeCodeField } from '../../../components/second-factor/OneTimeCodeField';
import { PasskeyBrowserError, passkeysSupported, signWithPasskey } from '../../../components/second-factor/webauthn';

/** Props of StepUpDialog. */
export interface StepUpDialogProps {
  status: SecurityStatusPartsFragment;
  /** A factor was proven and the new token stored. */
  onProven: () => void;
  onClose: () => void;
}

/**
 * "Confirm it's you" (issue 33): before a second factor is added or removed, or recovery codes are
 * replaced, the server wants a factor proven in this session within 5 minutes. Offers what the
 * account has: an authenticator or recovery code, and/or a passkey. The token the proof returns
 * replaces the stored one.
 */
export function StepUpDialog({ status, onProven, onClose }: StepUpDialogProps) {
  const { t } = useTranslation('security');
  const [withCode] = useStepUpWithCodeMutation();
  const [passkeyOptions] = useStepUpPasskeyOptionsMutation();
  const [withPasskey] = useStepUpWithPasskeyMutation();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const codes = status.totpEnabled || status.recoveryCodesLeft > 0;
  const passkey = status.passkeys.length > 0 && passkeysSupported();

  const schema = useEitherCodeSchema();

  const form = useFormik({
    initialValues: { code: '' },
    validationSchema: schema,
    onSubmit: async ({ code }, { setFieldError }) => {
      try {
        const { data } = await withCode({ variables: { code: normalizeCode(code) } });
        if (!data) throw new Error('stepUpWithCode answered without a token');
        setToken(data.stepUpWithCode.token);
        onProven();
      } catch (error) {
        reportError(error, { setFieldError, fields: ['code'] });
      }
    },
  });

  const proveWithPasskey = async () => {
    setBusy(true);
    try {
      const options = await passkeyOptions();
      if (!options.data) throw new Error('stepUpPasskeyOptions answered without options');
      const response = await signWithPasskey(options.data.stepUpPasskeyOptions);
      const { data } = await withPasskey({ variables: { response } });
      if (!data) throw new Error('stepUpWithPasskey answered without a token');
      setToken(data.stepUpWithPasskey.token);
      onProven();
    } catch (error) {
      if (error instanceof PasskeyBrowserError) enqueueSnackbar(t(error.message), { variant: 'error' });
      else reportError(error);
    } finally {
      setBusy(false);
    }
  };

  const passkeyButton = (
    <Button
      variant={codes ? 'text' : 'contained'}
      color="secondary"
      startIcon={<KeyIcon />}
      disabled={busy}
      onClick={() => void proveWithPasskey()}
      sx={{ mt: codes ? 2 : 0 }}
    >
      {codes ? t('Use a passkey instead') : t('Use a passkey')}
    </Button>
  );

  const field = textFieldProps(form, 'code');
  return (
    <FormDialog
      title={t("Confirm it's you")}
      onClose={onClose}
      onSubmit={codes ? form.handleSubmit : undefined}
      submitLabel={t('Confirm')}
      submitDisabled={!form.dirty || !form.isValid || form.isSubmitting || busy}
      closeLabel={codes ? undefined : t('Cancel')}
    >
      <Typography sx={{ mb: 2.5 }}>
        {t(
          "Changes to how you sign in need your second factor again (at most 5 minutes ago), so someone who got hold of this session can't make them.",
        )}
      </Typography>
      {codes && (
        <OneTimeCodeField
          kind="either"
          label={t('Authenticator or recovery code')}
          autoFocus
          {...field}
          helperText={field.helperText ?? t(EITHER_CODE_HINT)}
        />
      )}
      {passkey && passkeyButton}
    </FormDialog>
  );
}
