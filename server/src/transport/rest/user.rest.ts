import { PAGE_SIZE } from '@cryptovest/common';
import { SortDirection } from '../../kernel/paging';
import type { AuthDeps } from './auth';
import type { RestApi } from './mount';
import * as ops from './contract/user.contract';
import { queryBoolean, queryCursorPaging, queryEnum, queryText } from './params';
import { idParam } from '../../kernel/ids';
import { withLegacyId } from './presenters';
import { pageMeta, route, sendData } from './respond';
import { type UploadService, imageLink, type OwnedUploads } from '../../modules/upload';
import { type UserService, type User, UserSort } from '../../modules/user';

/** The services this adapter calls; the composition root passes them. */
export interface UserRestDeps extends AuthDeps {
  uploads: UploadService;
  users: UserService;
}

/** Public fields of a user in the legacy shape; secrets are never copied. */
export function presentUser(u: User, uploads: OwnedUploads | null) {
  return withLegacyId({
    id: u.id,
    fullName: u.fullName,
    email: u.email,
    phoneNumber: u.phoneNumber,
    dob: u.dob,
    city: u.city,
    province: u.province,
    country: u.country,
    zipCode: u.zipCode,
    address: u.address,
    type: u.type,
    profileImage: imageLink(uploads, u.profileImage),
    isPremium: u.isPremium,
    planType: u.planType,
    announcement: u.announcement,
    message: u.message,
    exchange: u.exchange,
    emailNotifications: u.emailNotifications,
    locale: u.locale,
    emailVerifiedAt: u.emailVerifiedAt,
    createdAt: u.createdAt,
  });
}

/**
 * GET /api/user/users (admin, SPEC §7: ?page, ?limit, ?search; also ?premium, ?sortBy=date|name,
 * ?sortDirection=asc|desc) and PUT /api/user/{userId} (admin edit).
 */
export function userRoutes(api: RestApi, services: UserRestDeps): void {
  api.mount(
    ops.listUsers,
    route(async (req, res) => {
      const paging = queryCursorPaging(req.query, PAGE_SIZE.admin);
      const page = await services.users.list(
        {
          search: queryText(req.query, 'search'),
          premium: queryBoolean(req.query, 'premium'),
          sortBy: queryEnum(req.query, 'sortBy', Object.values(UserSort)),
          sortDirection: queryEnum(req.query, 'sortDirection', Object.values(SortDirection)),
        },
        paging,
      );
      sendData(
        res,
        page.items.map((u) => presentUser(u, services.uploads)),
        200,
        pageMeta(page),
      );
    }),
  );
  api.mount(
    ops.updateUserByAdmin,
    route(async (req, res) => {
      const userId = idParam(req.params.userId, 'User not found');
      const user = await services.users.updateByAdmin(userId, req.body, req.user!.id, req.ip ?? null);
      sendData(res, presentUser(user, services.uploads));
    }),
  );
}
