import SendIcon from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { contactMessageSchema, TOAST } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
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
        enqueueSnackbar(TOAST.messageSent, { variant: 'success' });
        resetForm();
      } catch (error) {
        reportError(error, { setFieldError, fields: fieldNames });
      }
    },
  });
  const formRef = useTypedBeforeHydration(form, fieldNames);
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Send us a message
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        We reply by e-mail, usually within one business day.
      </Typography>
      <Stack component="form" ref={formRef} noValidate spacing={2.5} onSubmit={form.handleSubmit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <TextField label="Name" autoComplete="name" required fullWidth {...textFieldProps(form, 'name')} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            fullWidth
            {...textFieldProps(form, 'email')}
          />
        </Stack>
        <TextField label="Subject (optional)" fullWidth {...textFieldProps(form, 'subject')} />
        <TextField label="Message" required fullWidth multiline minRows={5} {...textFieldProps(form, 'message')} />
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
          {form.isSubmitting ? 'Sending…' : 'Send message'}
        </Button>
      </Stack>
    </Paper>
  );
}
