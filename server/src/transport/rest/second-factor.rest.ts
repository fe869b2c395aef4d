import type { Request } from 'express';
import type { AuthDeps } from './auth';
import type { RestApi } from './mount';
import * as ops from './contract/second-factor.contract';
import { route, sendData } from './respond';
import { unwrapData } from '../../kernel/validation';
import type { SecondFactorService, SignInSteps } from '../../modules/second-factor';

/** The services this adapter calls; the composition root passes them. */
export interface SecondFactorRestDeps extends AuthDeps {
  secondFactor: SecondFactorService;
  secondFactorSignIn: SignInSteps;
}

const meta = (req: Request) => ({ ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });

/** The request body's fields (legacy `{ data: {...} }` envelopes unwrapped). */
const body = (req: Request) => (unwrapData(req.body) ?? {}) as Record<string, unknown>;

/** A passkey answer sent as an object (JSON body) or as its JSON text. */
const jsonText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/**
 * REST twins of the two-factor sign-in (beside POST /api/user/login, which answers
 * `{ secondFactorRequired, ticket, methods, expiresAt }` for accounts with a second factor) and
 * of authenticator set-up (with the enrolment code an administrator's first factor needs) and
 * step-up, so an administrator can enrol from a REST client too.
 */
export function secondFactorRoutes(api: RestApi, services: SecondFactorRestDeps): void {
  const { secondFactor, secondFactorSignIn } = services;
  api.mount(
    ops.loginWithSecondFactorCode,
    route(async (req, res) => {
      const { ticket, code } = body(req);
      sendData(res, {
        token: (await secondFactorSignIn.signInWithCode(String(ticket ?? ''), String(code ?? ''), meta(req))).token,
      });
    }),
  );
  api.mount(
    ops.passkeyLoginOptions,
    route(async (req, res) =>
      sendData(res, JSON.parse(await secondFactorSignIn.passkeySignInOptions(String(body(req).ticket ?? '')))),
    ),
  );
  api.mount(
    ops.loginWithPasskey,
    route(async (req, res) => {
      const { ticket, response } = body(req);
      const session = await secondFactorSignIn.signInWithPasskey(String(ticket ?? ''), jsonText(response), meta(req));
      sendData(res, { token: session.token });
    }),
  );
  api.mount(
    ops.getSecurityStatus,
    route(async (req, res) => sendData(res, await secondFactor.status(req.user!.id))),
  );
  api.mount(
    ops.startTotpEnrolment,
    route(async (req, res) => sendData(res, await secondFactor.startTotp(req.user!, meta(req)), 201)),
  );
  api.mount(
    ops.confirmTotpEnrolment,
    route(async (req, res) => {
      const { code, enrolmentCode } = body(req);
      const { recoveryCodes, session } = await secondFactor.confirmTotp(
        req.user!,
        String(code ?? ''),
        meta(req),
        enrolmentCode == null ? null : String(enrolmentCode),
      );
      sendData(res, { recoveryCodes, token: session.token });
    }),
  );
  api.mount(
    ops.sendEnrolmentCode,
    route(async (req, res) => sendData(res, await secondFactor.sendEnrolmentCode(req.user!, meta(req)), 202)),
  );
  api.mount(
    ops.stepUpWithCode,
    route(async (req, res) => {
      const session = await secondFactor.stepUpWithCode(req.user!, String(body(req).code ?? ''), meta(req));
      sendData(res, { token: session.token });
    }),
  );
  api.mount(
    ops.stepUpPasskeyOptions,
    route(async (req, res) => sendData(res, JSON.parse(await secondFactor.stepUpPasskeyOptions(req.user!)))),
  );
  api.mount(
    ops.stepUpWithPasskey,
    route(async (req, res) => {
      const session = await secondFactor.stepUpWithPasskey(req.user!, jsonText(body(req).response), meta(req));
      sendData(res, { token: session.token });
    }),
  );
}
