// Experiment 5: the mail server hangs (accepts, never greets) during registrations.
import { setTimeout as sleep } from 'node:timers/promises';
import { registerMany } from '../clients.mjs';
import { SERVER_TIMEOUTS } from '../instances.mjs';
import { countLabels, now, pct } from '../util.mjs';
import { checkMailsAfterReturn } from './mails-after-return.mjs';

const SMTP_TIMEOUT_MS = Number(SERVER_TIMEOUTS.SMTP_TIMEOUT_MS);

/** Registrations stay fast (p95 under SMTP_TIMEOUT_MS) and no mail is lost once a real receiver is back. */
export default {
  id: 5,
  title: 'SMTP hung (accepts, never greets) during registrations',
  fault: (s) =>
    `receiver replaced by a TCP server that accepts and never greets, for ${s.registrations} registrations + ${SMTP_TIMEOUT_MS / 1000 + 1} s; then a real receiver on the same port`,
  async run(ctx, rec, result) {
    result.faultStart = now();
    await ctx.sink.stop();
    await ctx.sink.startHung();
    const hung = await registerMany(ctx, rec, ctx.settings.registrations, 'smtp-hung');
    await sleep(SMTP_TIMEOUT_MS + 1000); // the immediate attempts time out against the hung server
    result.extra.connectionsToHungServer = ctx.sink.hungConnections;
    await ctx.sink.stop();
    await ctx.sink.startReal();
    result.faultEnd = now();
    result.registrationsDuringFault = hung;
    const ms = hung.map((r) => r.t1 - r.t0);
    const base = ctx.baselineRegisterMs ?? [];
    result.extra.registerP50P95MsSmtpUp = base.length ? `${pct(base, 50)}/${pct(base, 95)}` : 'n/a';
    result.extra.registerP50P95MsSmtpHung = `${pct(ms, 50)}/${pct(ms, 95)}`;
    result.extra.registerStatusesHung = countLabels(hung);
    if (pct(ms, 95) > SMTP_TIMEOUT_MS)
      result.failures.push(`registration p95 ${pct(ms, 95)} ms: requests wait for the hung mail server`);
  },
  async after(ctx, rec, result) {
    await checkMailsAfterReturn(ctx, result, result.registrationsDuringFault);
    delete result.registrationsDuringFault;
  },
};
