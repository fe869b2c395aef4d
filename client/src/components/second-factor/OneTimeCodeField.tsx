import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { AUTHENTICATOR_CODE_LENGTH } from './codes';
import { MONOSPACE } from './monospace';

/** Props of OneTimeCodeField: a TextField's, plus which kind of code it takes. */
export type OneTimeCodeFieldProps = Omit<TextFieldProps, 'type' | 'variant'> & {
  /** 'authenticator' (6 digits, numeric keyboard, one-time-code autofill) or 'recovery' (text). */
  kind?: 'authenticator' | 'recovery' | 'either';
};

/** Large, spaced monospace digits: easy to compare with the authenticator app. */
const codeStyle = { fontFamily: MONOSPACE, letterSpacing: '0.2em' };

/**
 * The one field for second-factor codes (sign-in step, authenticator set-up, "enter a current
 * code" dialogs): one box rather than six, so pasting and password managers just work. An
 * authenticator field gets `autocomplete="one-time-code"` and the numeric keyboard.
 */
export function OneTimeCodeField({ kind = 'authenticator', slotProps, ...props }: OneTimeCodeFieldProps) {
  const numeric = kind === 'authenticator';
  return (
    <TextField
      fullWidth
      {...props}
      slotProps={{
        ...slotProps,
        htmlInput: {
          autoComplete: numeric ? 'one-time-code' : 'off',
          autoCapitalize: 'none',
          autoCorrect: 'off',
          spellCheck: false,
          inputMode: numeric ? 'numeric' : 'text',
          ...(numeric ? { pattern: '[0-9 ]*', maxLength: AUTHENTICATOR_CODE_LENGTH + 2 } : { maxLength: 20 }),
          style: codeStyle,
        },
      }}
    />
  );
}
