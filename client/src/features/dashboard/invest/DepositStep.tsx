import { useSnackbar } from 'notistack';
import { useIdempotencyKey } from '../../../app/api/idempotency';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { depositSchema, formatMoney, TOAST } from '@cryptovest/common';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { textFieldProps } from '../../../app/forms/textFieldProps';
import { AccountDocument, MyTransactionsDocument } from '../../../generated/graphql';
import { useCreateDepositMutation } from '../../../generated/hooks';
import { coinName } from '../../../components/coins';
import { CopyAddress } from './CopyAddress';
import { UploadError, uploadImage } from '../data/uploadImage';

/** Props of DepositStep. */
export interface DepositStepProps {
  planId: string;
  crypto: string;
  amount: string;
  /** Deposit address of `crypto`; null when the exchange has none. */
  address: string | null;
  /** QR image of the address (data URL or the operator's image). */
  qrCode: string | null;
  onCancel: () => void;
  onDone: () => void;
}

const schema = depositSchema.pick(['transactionId']);

/** Deposit step: the coin's address, the blockchain transaction id and an optional proof image. */
export function DepositStep({ planId, crypto, amount, address, qrCode, onCancel, onDone }: DepositStepProps) {
  const [createDeposit] = useCreateDepositMutation({ refetchQueries: [AccountDocument, MyTransactionsDocument] });
  const keys = useIdempotencyKey();
  const reportError = useServerErrors();
  const { enqueueSnackbar } = useSnackbar();
  const [file, setFile] = useState<File | null>(null);

  const form = useFormik({
    initialValues: { transactionId: '' },
    validationSchema: schema,
    onSubmit: async ({ transactionId }, { setFieldError }) => {
      try {
        const imageUrl = file ? await uploadImage(file) : undefined;
        const input = { planId, crypto, amount, transactionId: transactionId.trim(), imageUrl };
        // The proof link differs per upload: the intended deposit is the rest of the input.
        const idempotencyKey = keys.keyFor({ ...input, imageUrl: Boolean(imageUrl) });
        await createDeposit({ variables: { input, idempotencyKey } });
        keys.settle();
        enqueueSnackbar(TOAST.depositSuccessful, { variant: 'success' });
        onDone();
      } catch (error) {
        keys.settle(error);
        if (error instanceof UploadError) enqueueSnackbar(error.message, { variant: 'error' });
        else reportError(error, { setFieldError, fields: ['transactionId'] });
      }
    },
  });
  const canSubmit = form.dirty && form.isValid && !form.isSubmitting;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit} sx={{ maxWidth: 640 }}>
      <Typography component="h2" variant="h6">
        Deposit {formatMoney(amount)} in {coinName(crypto)}
      </Typography>
      {address ? (
        <CopyAddress coin={crypto} address={address} qrCode={qrCode} />
      ) : (
        <Typography color="error">No deposit address is available for {coinName(crypto)}.</Typography>
      )}
      <TextField label="Transaction id" fullWidth autoComplete="off" {...textFieldProps(form, 'transactionId')} />
      <TextField
        type="file"
        label="Proof of payment (optional)"
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: 'image/*' } }}
        onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
      />
      <Stack direction="row" spacing={2}>
        <Button onClick={onCancel} color="inherit" disabled={form.isSubmitting}>
          Back
        </Button>
        <Button type="submit" variant="contained" color="secondary" disabled={!canSubmit || !address}>
          Submit deposit
        </Button>
      </Stack>
    </Stack>
  );
}
