// What experiments 4 and 5 check once the mail server is back: every verification mail of a
// registration made during the fault arrives (within --mail-wait-seconds) and its code verifies.
import { verifyCodes } from '../clients.mjs';
import { deliverJobs } from '../database-checks.mjs';
import { now } from '../util.mjs';

/** Waits for the codes of the `registrations` that got a 201 and fails the experiment for each mail lost. */
export async function checkMailsAfterReturn(ctx, result, registrations) {
  const waitMs = ctx.settings.mailWaitMs;
  result.extra.deliverJobsWhenBack = await deliverJobs(ctx);
  const emails = registrations.filter((r) => r.status === 201).map((r) => r.email);
  const arrived = await ctx.sink.waitForCodes(emails, Math.max(0, result.faultEnd + waitMs - now()));
  const last = Math.max(...arrived.map((e) => ctx.sink.codes.get(e).at));
  result.extra.mailsLost = emails.length - arrived.length;
  result.extra.deliverJobsAfterWait = await deliverJobs(ctx);
  result.extra.codesArrivedAfterBack = `${arrived.length}/${emails.length} within ${waitMs / 1000} s`;
  if (arrived.length) result.extra.lastCodeSecondsAfterBack = Number(((last - result.faultEnd) / 1000).toFixed(1));
  result.extra.codesThatVerified = `${await verifyCodes(ctx, arrived)}/${arrived.length}`;
  if (result.extra.mailsLost) result.failures.push(`${result.extra.mailsLost} verification mail(s) lost`);
}
