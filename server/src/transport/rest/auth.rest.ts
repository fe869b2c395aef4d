import type { Request } from 'express';
import type { AuthDeps } from './auth';
import type { RestApi } from './mount';
import * as ops from './contract/auth.contract';
import { route, sendData } from './respond';
import type { UploadService } from '../../modules/upload';
import { presentUser } from './user.rest';
import type { UserService } from '../../modules/user';
import type { AuthService } from '../../modules/auth';

/** The services this adapter calls; the composition root passes them. */
export interface AuthRestDeps extends AuthDeps {
  auth: AuthService;
  users: UserService;
  uploads: UploadService;
}

const meta = (req: Request) => ({ ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });

/** SPEC §7 auth and profile paths over AuthService / UserService. */
export function authRoutes(api: RestApi, services: AuthRestDeps): void {
  const { auth, users } = services;

  api.mount(
    ops.registerUser,
    route(async (req, res) =>
      sendData(res, presentUser(await auth.register(req.body, meta(req)), services.uploads), 201),
    ),
  );
  api.mount(
    ops.login,
    route(async (req, res) => {
      // Accounts without a second factor get their token as before (SPEC §7); the others a ticket.
      const { session, secondFactor } = await auth.signIn(req.body, meta(req));
      sendData(res, session ? { token: session.token } : { secondFactorRequired: true, ...secondFactor });
    }),
  );
  api.mount(
    ops.getCurrentUser,
    route(async (req, res) => sendData(res, presentUser(await users.current(req.user!), services.uploads))),
  );
  api.mount(
    ops.updateProfile,
    route(async (req, res) =>
      sendData(res, presentUser(await users.updateProfile(req.user!.id, req.body, req.ip ?? null), services.uploads)),
    ),
  );
  api.mount(
    ops.changePassword,
    route(async (req, res) =>
      sendData(res, {
        token: (
          await auth.changePassword(req.user!.id, req.body, meta(req), req.user!.secondFactor, req.user!.sessionId)
        ).token,
      }),
    ),
  );
  api.mount(
    ops.verifyEmail,
    route(async (req, res) => sendData(res, { token: (await auth.verifyEmail(req.body, meta(req))).token })),
  );
  api.mount(
    ops.resendOtp,
    route(async (req, res) => {
      await auth.resendOtp(req.body, meta(req));
      sendData(res, { sent: true });
    }),
  );
  api.mount(
    ops.verifyResetCode,
    route(async (req, res) => sendData(res, { token: await auth.verifyResetCode(req.body, meta(req)) })),
  );
  api.mount(
    ops.resetPassword,
    route(async (req, res) => {
      await auth.resetPassword(req.body, meta(req));
      sendData(res, { reset: true });
    }),
  );
}
