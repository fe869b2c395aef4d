import type { Request, Response } from 'express';
import { serverTiming } from '../kernel/query-stats';

/**
 * Runs `work` in a statement-counting scope (the query counter behind Server-Timing) and returns
 * how many SQL statements it sent: tests pin a path's round trips without a mock.
 */
export async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  let header = '';
  const res = {
    headersSent: false,
    setHeader: (_name: string, value: string) => (header = value),
    writeHead: () => res,
  } as unknown as Response;
  await new Promise<void>((resolve, reject) =>
    serverTiming({} as Request, res, () => work().then(() => resolve(), reject)),
  );
  res.writeHead(200);
  return queriesOf(header);
}

/** The statement count an HTTP answer reports in its Server-Timing header (SERVER_TIMING=true). */
export const queriesOf = (header: string | undefined) =>
  Number(/db;desc="(\d+) queries"/.exec(header ?? '')?.[1] ?? NaN);
