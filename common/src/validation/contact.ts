import * as yup from 'yup';
import { NAME_MIN } from '../constants';
import { MSG } from '../messages';
import { emailRule } from './auth';

/** Bounds of the contact form (not in the spec; chosen so a message is useful but bounded). */
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** Contact form (issue 4): checked by the client form and again by the server. */
export const contactMessageSchema = yup.object({
  name: yup.string().trim().min(NAME_MIN, MSG.nameTooShort).max(200, 'name is too long').required(MSG.nameTooShort),
  email: emailRule(),
  subject: yup.string().trim().max(200, 'subject is too long').default(''),
  message: yup
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN, MSG.messageTooShort)
    .max(CONTACT_MESSAGE_MAX, MSG.messageTooLong)
    .required(MSG.messageTooShort),
});
export type ContactMessageInput = yup.InferType<typeof contactMessageSchema>;
