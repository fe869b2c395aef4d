import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { depositSchema, TOAST } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useIdempotencyKey } from '../../../app/api/idempotency';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { AccountDocument, MyTransactionsDocument } from '../../../generated/graphql';
import { useCreateDepositMutation } from '../../../generated/hooks';
import { UploadError, uploadImage } from '../data/uploadImage';
import { ProofPreview } from './ProofPreview';

const schema = depositSchema.pick(['transactionId']);

/** What a successful submission hands on: the deposit's id and the transaction id typed. */
export interface SubmittedDeposit {
  id: string;
  transactionId: string;
}

/** Props of ManualDepositForm. */
export interface ManualDepositFormProps {
  planId: string;
  crypto: string;
  amount: string;
  onSubmitted: (deposit: SubmittedDeposit) => void;
  /** Shown beside the submit button (disabled while submitting) when given. */
  onBack?: () => void;
}

/**
 * The blockchain transaction id and an optional proof image (SPEC §5 "Deposit"): how a payment to
 * the operator's shared address is claimed, and the way out when the chain watcher can't find one.
 * The chosen image is previewed before it is sent (issue 38); a failed submission (offline too)
 * keeps what was typed and chosen.
 */
export function ManualDepositForm({ planId, crypto, amount, onSubmitted, onBack }: ManualDepositFormProps) {
  const { t } = useTranslation('dashboard');
  const [createDeposit] = useCreateDepositMutation({ refetchQueries: [AccountDocument, MyTransactionsDocument] });
  const keys = useIdempotencyKey();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const removeFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const form = useFormik({
    initialValues: { transactionId: '' },
    validationSchema: schema,
    onSubmit: async (values, { setFieldError }) => {
      try {
        const transactionId = values.transactionId.trim();
        const imageUrl = file ? await uploadImage(file) : undefined;
        const input = { planId, crypto, amount, transactionId, imageUrl };
        // The proof link differs per upload: the intended deposit is the rest of the input.
        const idempotencyKey = keys.keyFor({ ...input, imageUrl: Boolean(imageUrl) });
        const { data } = await createDeposit({ variables: { input, idempotencyKey } });
        keys.settle();
        enqueueSnackbar(t(TOAST.depositSuccessful), { variant: 'success' });
        if (data) onSubmitted({ id: data.createDeposit.id, transactionId });
      } catch (error) {
        keys.settle(error);
        if (error instanceof UploadError) enqueueSnackbar(t(error.message), { variant: 'error' });
        else reportError(error, { setFieldError, fields: ['transactionId'] });
      }
    },
  });
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;
  const transactionIdField = textFieldProps(form, 'transactionId');

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit}>
      <Typography variant="body2" color="text.secondary">
        {t('Once you have paid, enter the transaction id (hash) your wallet or exchange shows for the payment.')}
      </Typography>
      <TextField label={t('Transaction id')} fullWidth autoComplete="off" {...transactionIdField} />
      <TextField
        type="file"
        label={t('Proof of payment (optional)')}
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: 'image/*', ref: fileInput } }}
        onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
      />
      {file && <ProofPreview file={file} onRemove={removeFile} />}
      <Stack direction="row" spacing={2}>
        {onBack && (
          <Button onClick={onBack} color="inherit" disabled={form.isSubmitting}>
            {t('Back')}
          </Button>
        )}
        <Button type="submit" variant="contained" color="secondary" disabled={!canSubmit}>
          {t('Submit deposit')}
        </Button>
      </Stack>
    </Stack>
  );
}
