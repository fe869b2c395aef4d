import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { EITHER_CODE_HINT, normalizeCode } from '../../../components/second-factor/codes';
import { useEitherCodeSchema } from '../components/useEitherCodeSchema';
import { OneTimeCodeField } from '../../../components/second-factor/OneTimeCodeField';
import { FormDialog } from '../../../components/FormDialog';

/** Props of CodeDialog. */
export interface CodeDialogProps {
  /** Already translated, like `submitLabel`. */
  title: string;
  /** What happens once the code is accepted. */
  children: ReactNode;
  submitLabel: string;
  danger?: boolean;
  /** Runs the change with the typed code; a rejection is shown under the field and toasted. */
  onSubmit: (code: string) => Promise<void>;
  onClose: () => void;
}

/**
 * "Prove it is you" before a sensitive change (turn the authenticator off, new recovery codes):
 * asks for a current authenticator code or a recovery code.
 */
export function CodeDialog({ title, children, submitLabel, danger, onSubmit, onClose }: CodeDialogProps) {
  const { t } = useTranslation('security');
  const reportError = useServerErrors();
  const schema = useEitherCodeSchema();
  const form = useFormik({
    initialValues: { code: '' },
    validationSchema: schema,
    onSubmit: async ({ code }, { setFieldError }) => {
      try {
        await onSubmit(normalizeCode(code));
      } catch (error) {
        reportError(error, { setFieldError, fields: ['code'] });
      }
    },
  });
  const field = textFieldProps(form, 'code');
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={form.handleSubmit}
      submitLabel={submitLabel}
      submitDisabled={!form.dirty || !form.isValid || form.isSubmitting}
      danger={danger}
    >
      <Typography component="div" sx={{ mb: 2.5 }}>
        {children}
      </Typography>
      <OneTimeCodeField
        kind="either"
        label={t('Authenticator or recovery code')}
        autoFocus
        {...field}
        helperText={field.helperText ?? t(EITHER_CODE_HINT)}
      />
    </FormDialog>
  );
}
