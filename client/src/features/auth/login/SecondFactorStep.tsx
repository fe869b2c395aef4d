import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { useServerErrors, type ServerErrorReport } from '../../../app/api/graphqlErrors';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import type { SecondFactorMethod } from '../../../generated/graphql';
import { generatedDocument, useDeferredMutation } from '../../../app/api/useDeferredMutation';
import {
  AUTHENTICATOR_CODE_HINT,
  isAuthenticatorCode,
  isRecoveryCode,
  normalizeCode,
  RECOVERY_CODE_HINT,
} from '../../../components/second-factor/codes';
import { OneTimeCodeField } from '../../../components/second-factor/OneTimeCodeField';
import { PasskeyBrowserError, passkeysSupported, signWithPasskey } from '../../../components/second-factor/webauthn';

/** The "second factor required" answer of `signIn`. */
export interface SecondFactorChallenge {
  ticket: string;
  methods: readonly SecondFactorMethod[];
}

/** Props of SecondFactorStep. */
export interface SecondFactorStepProps {
  challenge: SecondFactorChallenge;
  /** Stores the session and moves on (the login page's own success path). */
  onSignedIn: (token: string) => Promise<void>;
  /** Back to the password step (the ticket expired or was used up, or the person asked to). */
  onRestart: () => void;
}

/** A code field's rule: 6 digits, or a recovery code, as the switch says. */
const schemaFor = (recovery: boolean) =>
  object({
    code: string()
      .required(recovery ? RECOVERY_CODE_HINT : AUTHENTICATOR_CODE_HINT)
      .test('shape', recovery ? RECOVERY_CODE_HINT : AUTHENTICATOR_CODE_HINT, (value = '') =>
        recovery ? isRecoveryCode(value) : isAuthenticatorCode(value),
      ),
  });

/** The second step's mutations, loaded with Apollo when first sent (the login page loads neither). */
const loadSignInWithCode = generatedDocument('SignInWithCodeDocument');
const loadPasskeySignInOptions = generatedDocument('PasskeySignInOptionsDocument');
const loadSignInWithPasskey = generatedDocument('SignInWithPasskeyDocument');

/** True when a failed call refused the ticket itself: the sign-in must start again. */
const ticketRefused = (report: ServerErrorReport) => report.fields.some((f) => f.field === 'ticket');

/**
 * Step 2 of the login card (issue 13): an authenticator code (focused at once, one-time-code
 * autofill), a switch to type a recovery code instead, and "Use a passkey" when the account has
 * one. A wrong code is shown under the field and toasted; an expired ticket goes back to step 1.
 */
export function SecondFactorStep({ challenge, onSignedIn, onRestart }: SecondFactorStepProps) {
  const { t } = useTranslation('auth');
  const { ticket, methods } = challenge;
  const hasTotp = methods.includes('TOTP');
  const hasRecovery = methods.includes('RECOVERY_CODE');
  const hasPasskey = methods.includes('PASSKEY') && passkeysSupported();
  const [recovery, setRecovery] = useState(!hasTotp);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement | null>(null);
  const signInWithCode = useDeferredMutation(loadSignInWithCode);
  const passkeyOptions = useDeferredMutation(loadPasskeySignInOptions);
  const signInWithPasskey = useDeferredMutation(loadSignInWithPasskey);
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();

  const form = useFormik({
    initialValues: { code: '' },
    validationSchema: schemaFor(recovery),
    onSubmit: async ({ code }, { setFieldError }) => {
      try {
        const { data } = await signInWithCode({ ticket, code: normalizeCode(code) });
        const token = data?.signInWithCode?.token;
        if (!token) throw new Error('signInWithCode answered without a token');
        await onSignedIn(token);
      } catch (error) {
        const report = reportError(error, { setFieldError, fields: ['code'] });
        if (ticketRefused(report)) onRestart();
        else codeRef.current?.select();
      }
    },
  });

  const switchKind = (next: boolean) => {
    setRecovery(next);
    form.resetForm();
    // The field is remounted for the other kind of code; focus follows it.
    setTimeout(() => codeRef.current?.focus());
  };

  const tryPasskey = async () => {
    setPasskeyBusy(true);
    try {
      const { data } = await passkeyOptions({ ticket });
      if (!data) throw new Error('passkeySignInOptions answered without options');
      const response = await signWithPasskey(data.passkeySignInOptions);
      const result = await signInWithPasskey({ ticket, response });
      const token = result.data?.signInWithPasskey?.token;
      if (!token) throw new Error('signInWithPasskey answered without a token');
      await onSignedIn(token);
    } catch (error) {
      if (error instanceof PasskeyBrowserError) enqueueSnackbar(t(error.message), { variant: 'error' });
      else if (ticketRefused(reportError(error))) onRestart();
    } finally {
      setPasskeyBusy(false);
    }
  };

  const busy = form.isSubmitting || passkeyBusy;
  const canSubmit = form.dirty && form.isValid && !busy;
  const field = textFieldProps(form, 'code');

  return (
    <Stack spacing={2.5}>
      {(hasTotp || hasRecovery) && (
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={form.handleSubmit}
          aria-label={t('Two-step verification')}
        >
          <OneTimeCodeField
            key={recovery ? 'recovery' : 'authenticator'}
            kind={recovery ? 'recovery' : 'authenticator'}
            label={recovery ? t('Recovery code') : t('Authentication code')}
            autoFocus
            inputRef={codeRef}
            {...field}
            helperText={field.helperText ?? t(recovery ? RECOVERY_CODE_HINT : AUTHENTICATOR_CODE_HINT)}
          />
          {hasTotp && hasRecovery && (
            <FormControlLabel
              control={
                <Switch color="secondary" checked={recovery} onChange={(event) => switchKind(event.target.checked)} />
              }
              label={t('Use a recovery code instead')}
            />
          )}
          <Button type="submit" variant="contained" color="secondary" size="large" fullWidth disabled={!canSubmit}>
            {t('Verify')}
          </Button>
        </Stack>
      )}
      {hasPasskey && (
        <>
          {(hasTotp || hasRecovery) && <Divider>{t('or')}</Divider>}
          <Button
            variant="outlined"
            color="secondary"
            size="large"
            fullWidth
            startIcon={<KeyIcon />}
            onClick={() => void tryPasskey()}
            disabled={busy}
            autoFocus={!hasTotp && !hasRecovery}
          >
            {t('Use a passkey')}
          </Button>
        </>
      )}
      <Button color="inherit" onClick={onRestart} disabled={busy} sx={{ alignSelf: 'center' }}>
        {t('Back to email and password')}
      </Button>
    </Stack>
  );
}
