import TextField from '@mui/material/TextField';
import { MONOSPACE } from '../../../components/second-factor/monospace';

/** Props of SecretField. */
export interface SecretFieldProps {
  label: string;
  value: string;
}

/**
 * A secret shown for copying (authenticator key, new API key): read-only, monospace, wrapping
 * onto more lines instead of hiding its end on narrow screens, selected whole on focus.
 */
export function SecretField({ label, value }: SecretFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      multiline
      slotProps={{
        htmlInput: {
          readOnly: true,
          spellCheck: false,
          style: { fontFamily: MONOSPACE, overflowWrap: 'anywhere' },
        },
      }}
      onFocus={(event) => event.target.select()}
    />
  );
}
