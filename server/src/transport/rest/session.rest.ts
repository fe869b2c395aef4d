import type { AuthDeps } from './auth';
import type { RestApi } from './mount';
import * as ops from './contract/session.contract';
import { route, sendData } from './respond';
import type { TokenService } from '../../modules/identity';

/** The services this adapter calls; the composition root passes them. */
export interface SessionRestDeps extends AuthDeps {
  tokens: TokenService;
}

/** REST twins of the GraphQL session list and sign-outs (Settings → Security → Sessions). */
export function sessionRoutes(api: RestApi, services: SessionRestDeps): void {
  const { sessions } = services.tokens;
  api.mount(
    ops.listMySessions,
    route(async (req, res) => sendData(res, await sessions.list(req.user!.id, req.user!.sessionId))),
  );
  api.mount(
    ops.endOtherSessions,
    route(async (req, res) => sendData(res, { ended: await sessions.endOthers(req.user!.id, req.user!.sessionId) })),
  );
  api.mount(
    ops.endAllSessions,
    route(async (req, res) => sendData(res, { ended: await sessions.endAll(req.user!.id) })),
  );
  api.mount(
    ops.endSession,
    route(async (req, res) => {
      await sessions.end(req.user!.id, String(req.params.id));
      sendData(res, { ended: true });
    }),
  );
}
