import * as yup from 'yup';
import { NAME_MIN, PASSWORD_MIN } from '../constants';
import { MSG } from '../messages';

/** Login form and server-side login check (SPEC §5). */
export const loginSchema = yup.object({
  email: yup.string().trim().email(MSG.invalidEmail).required(MSG.invalidEmail),
  password: yup.string().min(PASSWORD_MIN, MSG.passwordLength).required(MSG.passwordLength),
});

/** Registration (SPEC §5); `terms` is client-only and never sent. */
export const registerSchema = yup.object({
  fullName: yup.string().trim().min(NAME_MIN, MSG.nameTooShort).required(MSG.nameTooShort),
  email: yup.string().trim().email(MSG.invalidEmail).required(MSG.invalidEmail),
  country: yup.string().min(1).required(),
  password: yup.string().min(PASSWORD_MIN, MSG.passwordLength).required(MSG.passwordLength),
});
