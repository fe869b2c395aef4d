import { adminUserSchema } from '@cryptovest/common';
import { z } from 'zod';
import { ApiKeyScope, Role, UserSort, UserType } from '../../../modules/user';
import { operation } from './operation';
import { CursorPagingQuery, enumOf, Id, Instant, ListMeta, maybe, SortDirectionQuery } from './shapes';

/** A user as `presentUser` sends it (auth and user paths share it): public fields only, never a secret. */
export const UserShape = z
  .strictObject({
    _id: Id,
    id: Id,
    fullName: z.string(),
    email: z.email(),
    phoneNumber: maybe(z.string()),
    dob: maybe(z.string()).meta({ description: 'Date of birth, YYYY-MM-DD (or empty)' }),
    city: maybe(z.string()),
    province: maybe(z.string()),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2 code' }),
    zipCode: maybe(z.string()),
    address: maybe(z.string()),
    type: enumOf(UserType),
    profileImage: maybe(z.string()).meta({ description: 'A signed link to the uploaded image (or the link stored)' }),
    isPremium: z.boolean(),
    planType: maybe(z.string()),
    announcement: maybe(z.string()).meta({ description: 'HTML from an admin (shown through an allow-list)' }),
    message: maybe(z.string()).meta({ description: 'A message from an admin' }),
    exchange: z.string().meta({ description: 'Exchange code of the deposit wallets (e.g. TW)' }),
    emailNotifications: z.boolean().meta({ description: 'Account notification mails on or off' }),
    locale: z
      .enum(['en', 'es', 'de'])
      .meta({ description: 'The language the account reads the platform in (mails, notifications, the web app)' }),
    emailVerifiedAt: maybe(Instant),
    createdAt: Instant,
  })
  .meta({ id: 'User' });

const TAG = 'Users';

/** GET /api/user/users: the admin's users table. */
export const listUsers = operation({
  id: 'listUsers',
  method: 'get',
  path: '/user/users',
  tag: TAG,
  summary: 'Every user, paged, searchable and sortable (admin)',
  description:
    '`search` (any case) matches a full name, e-mail or country code starting with the text, a country whose ' +
    'English name starts with it, or a full name ending with it. Counts stop at 1,000 (`totalCapped: true`). ' +
    'Send `meta.nextCursor` (`prevCursor`) back as `after` (`before`) with the same filters for the next ' +
    '(previous) page. Newest first by default.',
  auth: { role: Role.ADMIN, scopes: [ApiKeyScope.ADMIN_READ] },
  query: CursorPagingQuery.extend({
    search: z.string().optional().meta({ description: 'Name, e-mail or country' }),
    premium: z.enum(['true', 'false', '1', '0']).optional().meta({ description: 'Premium users only, or none' }),
    sortBy: z
      .string()
      .optional()
      .meta({ description: `${Object.values(UserSort).join(' or ')} (any case; DATE = signup, the default)` }),
    sortDirection: SortDirectionQuery.meta({ description: 'Default desc for DATE, asc for NAME' }),
  }),
  ok: { status: 200, data: z.array(UserShape), meta: ListMeta },
});

/** PUT /api/user/{userId}: the admin's edit of a user. */
export const updateUserByAdmin = operation({
  id: 'updateUserByAdmin',
  method: 'put',
  path: '/user/:userId',
  tag: TAG,
  summary: "Change a user's name, address and banners (admin)",
  description:
    'Only fields that differ are written and audited (`user.admin_updated`); e-mail, phone, dob, country, type ' +
    "and anything else are ignored. A new, non-empty `message` or `announcement` also becomes the user's " +
    '`ADMIN_MESSAGE` notification. 422 `fullName` "Name must be at least 3 characters".',
  auth: { role: Role.ADMIN },
  params: { userId: 'The user' },
  body: { yup: adminUserSchema },
  ok: { status: 200, data: UserShape },
});
