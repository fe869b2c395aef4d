import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';

/** Props of PasswordField: a TextField without `type`, plus the toggle's wording. */
export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** What the toggle names: "password" gives "show password" / "hide password". */
  toggleNoun?: string;
};

/** A password TextField with a show/hide toggle (SPEC §2 register and login). */
export function PasswordField({ toggleNoun = 'password', slotProps, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
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
                aria-label={`${visible ? 'hide' : 'show'} ${toggleNoun}`}
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
