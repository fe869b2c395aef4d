import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { OTP_LENGTH } from '@cryptovest/common';
import { useEffect, useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedMessage } from '../../../app/forms/LocalizedMessage';

/** Props of CodeInput. */
export interface CodeInputProps {
  /** The code so far: one character per box, a space for an empty box (trailing spaces trimmed). */
  value: string;
  onChange: (value: string) => void;
  /** Number of boxes (SPEC §9: 4). */
  length?: number;
  /** Visible label of the group (translated by the caller); "Verification code" by default. */
  label?: string;
  /** Message shown in red under the boxes (English from the schema or the server: shown in the reader's language where the catalogue has it). */
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Each new value moves the focus to the first box (a wrong code was cleared: type it again). */
  focusRequest?: number;
}

/**
 * Wraps a form's setFieldError so that an error on the code field (`otp`) also empties the boxes
 * and calls `cleared` (which bumps CodeInput's `focusRequest`): after a wrong code the user types
 * the next one at once, instead of facing filled boxes and a disabled button.
 */
export function clearingCodeOnError(
  setFieldValue: (field: 'otp', value: string, shouldValidate: boolean) => unknown,
  setFieldError: (field: string, message: string | undefined) => void,
  cleared: () => void,
): (field: string, message: string | undefined) => void {
  return (field, message) => {
    if (field === 'otp') {
      void setFieldValue('otp', '', false);
      cleared();
    }
    setFieldError(field, message);
  };
}

/** Only the digits of `text`. */
const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The one-time code entry of /verify-email and /reset-password: one box per digit ("Digit 1"...),
 * numeric keyboard, typing moves to the next box, Backspace on an empty box goes back, and
 * pasting (or autofilling) a whole code fills every box.
 */
export function CodeInput({
  value,
  onChange,
  length = OTP_LENGTH,
  label,
  error,
  disabled = false,
  autoFocus = false,
  focusRequest = 0,
}: CodeInputProps) {
  const { t } = useTranslation('auth');
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const labelId = useId();
  const errorId = useId();
  const chars = value.padEnd(length, ' ').slice(0, length).split('');

  const focus = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  useEffect(() => {
    if (focusRequest > 0) boxes.current[0]?.focus();
  }, [focusRequest]);

  const emit = (next: string[]) => onChange(next.join('').trimEnd());

  /** Writes `digits` into the boxes from `start` on and focuses the box after the last one. */
  const fill = (start: number, digits: string) => {
    const next = [...chars];
    const written = digits.slice(0, length - start).split('');
    written.forEach((digit, offset) => (next[start + offset] = digit));
    emit(next);
    focus(start + written.length);
  };

  const handleInput = (index: number, raw: string) => {
    const digits = digitsOf(raw);
    if (!digits) {
      const next = [...chars];
      next[index] = ' ';
      emit(next);
      return;
    }
    // A whole code typed or autofilled into one box fills them all; otherwise one digit.
    if (digits.length >= length) fill(0, digits);
    else fill(index, digits.length > 1 ? digits.slice(-1) : digits);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && chars[index] === ' ' && index > 0) {
      event.preventDefault();
      const next = [...chars];
      next[index - 1] = ' ';
      emit(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = digitsOf(event.clipboardData.getData('text'));
    if (!digits) return;
    fill(digits.length >= length ? 0 : index, digits);
  };

  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
      <FormLabel
        id={labelId}
        component="div"
        error={Boolean(error)}
        sx={{ display: 'block', mb: 1.5, fontWeight: 600, textAlign: 'center' }}
      >
        {label ?? t('Verification code')}
      </FormLabel>
      <Box sx={{ display: 'flex', gap: { xs: 1.5, sm: 2 }, justifyContent: 'center' }}>
        {chars.map((char, index) => (
          <TextField
            key={index}
            value={char.trim()}
            onChange={(event) => handleInput(index, event.target.value)}
            onKeyDown={(event) => handleKeyDown(index, event as KeyboardEvent<HTMLInputElement>)}
            onPaste={(event) => handlePaste(index, event as ClipboardEvent<HTMLInputElement>)}
            onFocus={(event) => event.target.select()}
            disabled={disabled}
            error={Boolean(error)}
            autoFocus={autoFocus && index === 0}
            inputRef={(element: HTMLInputElement | null) => {
              boxes.current[index] = element;
            }}
            slotProps={{
              htmlInput: {
                'aria-label': t('Digit {{n}}', { n: index + 1 }),
                inputMode: 'numeric',
                pattern: '[0-9]*',
                autoComplete: index === 0 ? 'one-time-code' : 'off',
                maxLength: length,
                style: { textAlign: 'center', fontSize: '1.5rem', fontWeight: 700, padding: '12px 0' },
              },
            }}
            sx={{ width: { xs: 56, sm: 64 } }}
          />
        ))}
      </Box>
      {error && (
        <FormHelperText id={errorId} error sx={{ textAlign: 'center', mt: 1 }}>
          <LocalizedMessage text={error} />
        </FormHelperText>
      )}
    </Box>
  );
}
