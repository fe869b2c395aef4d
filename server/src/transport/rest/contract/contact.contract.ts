import { contactMessageSchema } from '@cryptovest/common';
import { z } from 'zod';
import { operation } from './operation';
import { Id, Instant } from './shapes';

/** POST /api/contact: the public contact form (issue 4). */
export const sendContactMessage = operation({
  id: 'sendContactMessage',
  method: 'post',
  path: '/contact',
  tag: 'Contact',
  summary: 'Send a message to support',
  description:
    'Stored first, then mailed to the support address with the visitor as reply-to. 422 `name` "name is too ' +
    'short", `email` "Invalid email", `message` "message is too short" / "message is too long" (10 to 5000 ' +
    'characters); 429 after `RATE_LIMIT_CONTACT_HOURLY` messages per IP per hour.',
  auth: 'public',
  body: { yup: contactMessageSchema },
  ok: { status: 201, data: z.strictObject({ _id: Id, id: Id, receivedAt: Instant }) },
  limited: true,
});
