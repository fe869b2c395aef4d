import { once } from 'node:events';
import type { Response } from 'express';
import { AppError, ErrorCode } from '../../kernel/errors';
import { idParam } from '../../kernel/ids';
import type { Logger } from '../../kernel/logger';
import { seesEverything } from '../../modules/identity';
import {
  CSV_BOM,
  CSV_CONTENT_TYPE,
  csvLine,
  MAX_STATEMENT_DAYS,
  parsePeriod,
  type StatementService,
  statementCsv,
  statementFileName,
  statementPdf,
  TRANSACTION_EXPORT_HEADER,
  transactionCsvLine,
  transactionsExportFileName,
} from '../../modules/statement';
import { type AuthUser, UserType } from '../../modules/user';
import type { AuthDeps } from './auth';
import * as ops from './contract/statement.contract';
import type { RestApi } from './mount';
import { queryEnum, queryText } from './params';
import { route } from './respond';

/** The services this adapter calls; the composition root passes them. */
export interface StatementRestDeps extends AuthDeps {
  statements: StatementService;
  logger: Logger;
}

/** Said to an investor who names someone else's statement. */
export const OTHER_STATEMENT_MESSAGE = 'You can download only your own statement';

/**
 * Whose statement the caller asks for: their own, or (admins) the `userId` named. An investor
 * naming anyone else is refused before the id is looked up, so ids reveal nothing.
 */
function statementOwner(caller: AuthUser, userId: string | undefined): string {
  if (userId === undefined || userId === '') {
    if (caller.type === UserType.ADMIN)
      throw AppError.field('userId', 'Administrators have no statement of their own: name the investor (userId)');
    return caller.id;
  }
  if (userId !== caller.id && !seesEverything(caller)) throw new AppError(ErrorCode.FORBIDDEN, OTHER_STATEMENT_MESSAGE);
  return idParam(userId, 'User not found');
}

/** Sends a finished file as a download. */
function sendAttachment(res: Response, type: string, name: string, body: string | Buffer): void {
  res.status(200).type(type).attachment(name).set('Cache-Control', 'no-store').send(body);
}

/** Writes `text`, waiting while the client is slower than the database (the response's buffer is full). */
async function write(res: Response, text: string): Promise<void> {
  if (!res.write(text)) await once(res, 'drain');
}

/**
 * GET /api/statements (an investor's statement for a period, CSV or PDF; admins any investor's)
 * and GET /api/admin/exports/transactions (the accounting export, streamed batch by batch).
 */
export function statementRoutes(api: RestApi, services: StatementRestDeps): void {
  api.mount(
    ops.getStatement,
    route(async (req, res) => {
      const period = parsePeriod(req.query.from, req.query.to, MAX_STATEMENT_DAYS);
      const format = queryEnum(req.query, 'format', ['csv', 'pdf'] as const) ?? 'csv';
      const owner = statementOwner(req.user!, queryText(req.query, 'userId'));
      const statement = await services.statements.statement(owner, period);
      if (format === 'pdf')
        sendAttachment(res, 'application/pdf', statementFileName(period, 'pdf'), await statementPdf(statement));
      else sendAttachment(res, CSV_CONTENT_TYPE, statementFileName(period, 'csv'), statementCsv(statement));
    }),
  );
  api.mount(
    ops.exportTransactions,
    route(async (req, res) => {
      const period = parsePeriod(req.query.from, req.query.to);
      const batches = services.statements.transactions(period);
      // The first batch is read before anything is sent: a database that is down still answers 503.
      let next = await batches.next();
      res.status(200).type(CSV_CONTENT_TYPE).attachment(transactionsExportFileName(period));
      res.set('Cache-Control', 'no-store');
      try {
        await write(res, CSV_BOM + csvLine(TRANSACTION_EXPORT_HEADER));
        while (!next.done && !res.destroyed) {
          await write(res, next.value.map(transactionCsvLine).join(''));
          next = await batches.next();
        }
        res.end();
      } catch (err) {
        // Headers are gone: the client sees a cut-off download, the log says why.
        services.logger.error({ err }, 'transactions export failed while streaming');
        await batches.return(undefined);
        res.destroy();
      }
    }),
  );
}
