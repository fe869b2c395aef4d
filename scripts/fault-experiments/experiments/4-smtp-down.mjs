// Experiment 4: the mail server is down (connection refused) during registrations, then back.
import { registerMany } from '../clients.mjs';
import { countLabels, now, pct } from '../util.mjs';
import { checkMailsAfterReturn } from './mails-after-return.mjs';

/** Registrations never wait for mail, and no verification mail is lost once the receiver is back. */
export default {
  id: 4,
  title: 'SMTP down during registrations, then back',
  fault: (s) =>
    `SMTP receiver stopped (connection refused) for ${s.registrations} registrations, then started again on the same port`,
  async run(ctx, rec, result) {
    const n = ctx.settings.registrations;
    const up = await registerMany(ctx, rec, n, 'smtp-up');
    const upArrived = await ctx.sink.waitForCodes(
      up.map((r) => r.email),
      30_000,
    );
    ctx.baselineRegisterMs = up.map((r) => r.t1 - r.t0);
    result.faultStart = now();
    await ctx.sink.stop();
    const down = await registerMany(ctx, rec, n, 'smtp-down');
    await ctx.sink.startReal();
    result.faultEnd = now();
    result.registrationsDuringFault = down;
    const ms = (list) => list.map((r) => r.t1 - r.t0);
    result.extra.registerP50P95MsSmtpUp = `${pct(ms(up), 50)}/${pct(ms(up), 95)}`;
    result.extra.registerP50P95MsSmtpDown = `${pct(ms(down), 50)}/${pct(ms(down), 95)}`;
    result.extra.registerStatusesDown = countLabels(down);
    result.extra.codesArrivedSmtpUp = `${upArrived.length}/${up.length}`;
  },
  async after(ctx, rec, result) {
    await checkMailsAfterReturn(ctx, result, result.registrationsDuringFault);
    delete result.registrationsDuringFault;
  },
};
