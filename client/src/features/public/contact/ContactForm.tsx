import SendIcon from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { contactMessageSchema, TOAST } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { useTypedBeforeHydration } from '../../../app/forms/useTypedBeforeHydration';
import { generatedDocument, useDeferredMutation } from '../../../app/api/useDeferredMutation';

const initialValues = { name: '', email: '', subject: '', message: '' };
const fieldNames = ['name', 'email', 'subject', 'message'] as const;

/** The mutation the form sends, loaded with Apollo when it is first sent. */
const loadSendContactMessage = generatedDocument('SendContactMessageDocument');

/**
 * The contact form (issue 4): checked with the shared schema, sent with `sendContactMessage`
 * (the server stores it, mails support and rate-limits per IP), confirmed by a success toast
 * and cleared. Server errors are toasted and shown under their fields, like the auth forms.
 */
export function ContactForm() {
  const { t } = useTranslation('public');
  const sendMessage = useDeferredMutation(loadSendContactMessage);
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useServerErrors();

  const form = useFormik({
    initialValues,
    validationSchema: contactMessageSchema,
    onSubmit: async (values, { setFieldError, resetForm }) => {
      const input = contactMessageSchema.cast(values);
      try {
        await sendMessage({ input });
        enqueueSnackbar(t(TOAST.messageSent), { variant: 'success' });
        resetForm();
      } catch (error) {
        reportError(error, { setFieldError, fields: fieldNames });
      }
    },
  });
  const formRef = useTypedBeforeHydration(form, fieldNames);
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;
  // Each field's value, handlers and (localized) error, read before the markup.
  const fields = {
    name: textFieldProps(form, 'name'),
    email: textFieldProps(form, 'email'),
    subject: textFieldProps(form, 'subject'),
    message: textFieldProps(form, 'message'),
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('Send us a message')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {t('We reply by e-mail, usually within one business day.')}
      </Typography>
      <Stack component="form" ref={formRef} noValidate spacing={2.5} onSubmit={form.handleSubmit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <TextField label={t('Name')} autoComplete="name" required fullWidth {...fields.name} />
          <TextField label={t('Email')} type="email" autoComplete="email" required fullWidth {...fields.email} />
        </Stack>
        <TextField label={t('Subject (optional)')} fullWidth {...fields.subject} />
        <TextField label={t('Message')} required fullWidth multiline minRows={5} {...fields.message} />
        <Button
          type="submit"
          variant="contained"
          color="secondary"
          size="large"
          startIcon={<SendIcon />}
          loading={form.isSubmitting}
          loadingPosition="start"
          disabled={!canSubmit}
          sx={{ alignSelf: { sm: 'flex-start' } }}
        >
          {form.isSubmitting ? t('Sending…') : t('Send message')}
        </Button>
      </Stack>
    </Paper>
  );
}
