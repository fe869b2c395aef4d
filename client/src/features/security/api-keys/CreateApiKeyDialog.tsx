import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { array, object, string } from 'yup';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import type { ApiKeyScope, CreateApiKeyMutation } from '../../../generated/graphql';
import { ApiKeysDocument } from '../../../generated/graphql';
import { useCreateApiKeyMutation } from '../../../generated/hooks';
import { FormDialog } from '../../../components/FormDialog';
import { endOfDay, tomorrow } from './apiKeyState';
import { scopesFor } from './scopes';

/** Props of CreateApiKeyDialog. */
export interface CreateApiKeyDialogProps {
  /** Offers the admin-only scopes too. */
  isAdmin: boolean;
  onClose: () => void;
  /** The key exists: its secret is in here, the only copy. */
  onCreated: (created: CreateApiKeyMutation['createApiKey']) => void;
}

/** Longest key name the server keeps. */
const NAME_MAX = 60;

/** The dialog's fields (expiresAt as the date field's `YYYY-MM-DD`, empty for never). */
interface Values {
  name: string;
  scopes: ApiKeyScope[];
  expiresAt: string;
}

/**
 * "Create key": a name, what the key may do (investors: read their own account; administrators
 * also the admin scopes), and an optional last day. The secret comes back once, to `onCreated`.
 */
export function CreateApiKeyDialog({ isAdmin, onClose, onCreated }: CreateApiKeyDialogProps) {
  const { t } = useTranslation('security');
  const [create] = useCreateApiKeyMutation();
  const reportError = useServerErrors();
  const scopesLabelId = useId();
  const offered = scopesFor(isAdmin);
  const schema = useMemo(
    () =>
      object({
        name: string()
          .trim()
          .required(t('name is required'))
          .max(NAME_MAX, t('name must be at most {{max}} characters', { max: NAME_MAX })),
        scopes: array().of(string()).min(1, t('choose at least one scope')),
        expiresAt: string().test(
          'future',
          t('the expiry must be in the future'),
          (value) => !value || value >= tomorrow(),
        ),
      }),
    [t],
  );

  const form = useFormik<Values>({
    initialValues: { name: '', scopes: ['ACCOUNT_READ'], expiresAt: '' },
    validationSchema: schema,
    onSubmit: async (values, { setFieldError }) => {
      try {
        const { data } = await create({
          variables: {
            input: { name: values.name.trim(), scopes: values.scopes, expiresAt: endOfDay(values.expiresAt) },
          },
          refetchQueries: [ApiKeysDocument],
        });
        if (!data) throw new Error('createApiKey answered without a key');
        onCreated(data.createApiKey);
      } catch (error) {
        reportError(error, { setFieldError, fields: ['name', 'scopes', 'expiresAt'] });
      }
    },
  });

  const toggle = (scope: ApiKeyScope, checked: boolean) => {
    const next = checked ? [...form.values.scopes, scope] : form.values.scopes.filter((s) => s !== scope);
    void form.setFieldValue('scopes', next);
    void form.setFieldTouched('scopes', true, false);
  };
  const scopesError = form.touched.scopes ? (form.errors.scopes as string | undefined) : undefined;

  const nameField = textFieldProps(form, 'name');
  const expiryField = textFieldProps(form, 'expiresAt');
  return (
    <FormDialog
      title={t('Create an API key')}
      onClose={onClose}
      onSubmit={form.handleSubmit}
      submitLabel={t('Create key')}
      submitDisabled={!form.isValid || form.isSubmitting || !form.values.name.trim()}
    >
      <Stack spacing={3}>
        <TextField
          label={t('Name')}
          placeholder={t('e.g. Tax report script')}
          autoFocus
          fullWidth
          autoComplete="off"
          {...nameField}
        />
        <FormControl component="fieldset" error={Boolean(scopesError)}>
          <FormLabel component="legend" id={scopesLabelId} sx={{ mb: 0.5 }}>
            {t('What it may do')}
          </FormLabel>
          <FormGroup>
            {offered.map(({ scope, description, adminOnly }) => (
              <FormControlLabel
                key={scope}
                control={
                  <Checkbox
                    color="secondary"
                    checked={form.values.scopes.includes(scope)}
                    onChange={(event) => toggle(scope, event.target.checked)}
                  />
                }
                label={adminOnly ? t('{{scope}} (administrators)', { scope: t(description) }) : t(description)}
              />
            ))}
          </FormGroup>
          {scopesError && <FormHelperText>{scopesError}</FormHelperText>}
        </FormControl>
        <TextField
          label={t('Expires on (optional)')}
          type="date"
          fullWidth
          {...expiryField}
          helperText={expiryField.helperText ?? t('Leave empty for a key that does not expire')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: tomorrow() } }}
        />
      </Stack>
    </FormDialog>
  );
}
