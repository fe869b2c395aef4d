import type { Request, Router } from 'express';
import { requireRole, type AuthDeps } from './auth';
import { route, sendData } from './respond';
import type { UploadService } from '../../modules/upload';
import { presentUser } from './user.rest';
import { ApiKeyScope, Role, type UserService } from '../../modules/user';
import type { AuthService } from '../../modules/auth';

/** The services this adapter calls; the composition root passes them. */
export interface AuthRestDeps extends AuthDeps {
  auth: AuthService;
  users: UserService;
  uploads: UploadService;
}

const meta = (req: Request) => ({ ip: req.ip ?? null });

/** SPEC §7 auth and profile paths over AuthService / UserService. */
export function authRoutes(router: Router, services: AuthRestDeps): void {
  const { auth, users } = services;

  router.post(
    '/user/create',
    route(async (req, res) =>
      sendData(res, presentUser(await auth.register(req.body, meta(req)), services.uploads), 201),
    ),
  );
  router.post(
    '/user/login',
    route(async (req, res) => {
      // Accounts without a second factor get their token as before (SPEC §7); the others a ticket.
      const { session, secondFactor } = await auth.signIn(req.body, meta(req));
      sendData(res, session ? { token: session.token } : { secondFactorRequired: true, ...secondFactor });
    }),
  );
  router.get(
    '/user',
    requireRole(services, Role.USER, {
      scopes: [ApiKeyScope.ACCOUNT_READ, ApiKeyScope.ADMIN_READ],
      duringEnrolment: true,
    }),
    route(async (req, res) => sendData(res, presentUser(await users.current(req.user!), services.uploads))),
  );
  router.put(
    '/user',
    requireRole(services, Role.USER),
    route(async (req, res) =>
      sendData(res, presentUser(await users.updateProfile(req.user!.id, req.body, req.ip ?? null), services.uploads)),
    ),
  );
  router.put(
    '/user/password',
    requireRole(services, Role.USER),
    route(async (req, res) =>
      sendData(res, {
        token: (await auth.changePassword(req.user!.id, req.body, meta(req), req.user!.secondFactor)).token,
      }),
    ),
  );
  router.post(
    '/auth/verify-email',
    route(async (req, res) => sendData(res, { token: (await auth.verifyEmail(req.body, meta(req))).token })),
  );
  router.post(
    '/auth/resendOTP',
    route(async (req, res) => {
      await auth.resendOtp(req.body, meta(req));
      sendData(res, { sent: true });
    }),
  );
  router.post(
    '/auth/password/verify',
    route(async (req, res) => sendData(res, { token: await auth.verifyResetCode(req.body, meta(req)) })),
  );
  router.put(
    '/auth/password',
    route(async (req, res) => {
      await auth.resetPassword(req.body, meta(req));
      sendData(res, { reset: true });
    }),
  );
}
