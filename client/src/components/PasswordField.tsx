import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { msg } from '@cryptovest/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The show/hide toggle's names for each kind of password field: whole phrases (catalogue keys),
 * since a noun put into "show …" would not agree with its verb in every language.
 */
const TOGGLE_LABELS = {
  password: { show: msg('show password'), hide: msg('hide password') },
  'new password': { show: msg('show new password'), hide: msg('hide new password') },
  'old password': { show: msg('show old password'), hide: msg('hide old password') },
  'confirm password': { show: msg('show confirm password'), hide: msg('hide confirm password') },
  'password confirmation': { show: msg('show password confirmation'), hide: msg('hide password confirmation') },
} as const;

/** What a password field's toggle names: "password" gives "show password" / "hide password". */
export type PasswordToggleNoun = keyof typeof TOGGLE_LABELS;

/** Props of PasswordField: a TextField without `type`, plus the toggle's wording. */
export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** What the toggle names: "password" gives "show password" / "hide password". */
  toggleNoun?: PasswordToggleNoun;
};

/** A password TextField with a show/hide toggle (SPEC §2 register and login). */
export function PasswordField({ toggleNoun = 'password', slotProps, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggle = TOGGLE_LABELS[toggleNoun];
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={t(visible ? toggle.hide : toggle.show)}
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
