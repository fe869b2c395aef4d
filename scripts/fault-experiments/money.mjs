// The money side of the experiments, read from the configuration instead of constants: the
// withdrawal amount (a bit above the smallest withdrawal in force), how much each investor is
// funded with, and the shared check that money requests were mostly accepted outside the fault.
import { MAX_ACCOUNT_AMOUNT, MAX_TRANSACTION_AMOUNT, WITHDRAWAL_COINS, withdrawalAmountRule } from '@cryptovest/common';
import { adminToken } from '../../bench/lib.mjs';

/** Share of the money requests sent outside the fault window that must get a 2xx, else the experiment fails. */
export const MIN_ACCEPTED_SHARE = 0.8;
/** The coin the investors save an (example bitcoin) address for and withdraw in; one the server accepts. */
export const WITHDRAWAL_COIN = 'bitcoin';
if (!WITHDRAWAL_COINS.includes(WITHDRAWAL_COIN)) throw new Error(`${WITHDRAWAL_COIN} is no longer a withdrawal coin`);
/** How far above the smallest withdrawal the load withdraws: a valid amount, not the edge case. */
const ABOVE_MINIMUM = '0.25';

/** Account amounts have 5 decimals (numeric(20,5)): exact arithmetic on them as BigInt units. */
const DECIMALS = 5;
const UNIT = 10n ** BigInt(DECIMALS);

function toUnits(text) {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(text).trim());
  if (!m || (m[2] ?? '').length > DECIMALS) throw new Error(`not an amount: "${text}"`);
  return BigInt(m[1]) * UNIT + BigInt((m[2] ?? '').padEnd(DECIMALS, '0'));
}

function fromUnits(units, decimals = 2) {
  const frac = String(units % UNIT).padStart(DECIMALS, '0');
  if (/[^0]/.test(frac.slice(decimals))) throw new Error(`${units} units do not fit ${decimals} decimals`);
  return decimals ? `${units / UNIT}.${frac.slice(0, decimals)}` : String(units / UNIT);
}

async function api(base, method, urlPath, token, body) {
  const res = await fetch(base + urlPath, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * The money policy in force, asked of the running server (GET /api/site: MIN_WITHDRAWAL and
 * SIGNUP_BONUS of server/src/config.ts, defaults in @cryptovest/common) with the limits of
 * @cryptovest/common, and what the experiments derive from it: the withdrawal amount and the
 * funding that covers every withdrawal the run can send.
 */
export async function moneyPolicy(ctx) {
  const site = (await (await fetch(`${ctx.instances[0].base}/api/site`)).json()).data;
  if (typeof site?.minWithdrawal !== 'string' || typeof site?.signupBonus !== 'string')
    throw new Error(`GET /api/site has no minWithdrawal/signupBonus: ${JSON.stringify(site)}`);
  const withdrawal = fromUnits(toUnits(site.minWithdrawal) + toUnits(ABOVE_MINIMUM));
  // The rule the server validates withdrawals with (minimum and MAX_TRANSACTION_AMOUNT): never a vacuous 422.
  if (!withdrawalAmountRule(site.minWithdrawal).isValidSync(withdrawal))
    throw new Error(
      `withdrawal amount ${withdrawal} breaks the withdrawal rule (min ${site.minWithdrawal}, max ${MAX_TRANSACTION_AMOUNT})`,
    );
  // A client sends every third request as a withdrawal and can at most send the whole request cap
  // (plus the other clients' requests in flight) of an experiment.
  const { clients, maxRequests, experiments } = ctx.settings;
  const withdrawalsPerInvestor = experiments * Math.ceil((maxRequests + clients) / 3);
  const funding = fromUnits(toUnits(withdrawal) * BigInt(withdrawalsPerInvestor));
  if (toUnits(funding) + toUnits(site.signupBonus) > toUnits(MAX_ACCOUNT_AMOUNT))
    throw new Error(`funding ${funding} per investor is over MAX_ACCOUNT_AMOUNT: lower --max-requests`);
  return {
    minWithdrawal: site.minWithdrawal,
    maxWithdrawal: MAX_TRANSACTION_AMOUNT,
    signupBonus: site.signupBonus,
    withdrawal,
    withdrawalsPerInvestor,
    fundingPerInvestor: funding,
  };
}

/**
 * Funds each investor as an operator would: an admin (second factor enrolled through bench/lib.mjs's
 * adminToken, with the enrolment code mailed to the SMTP receiver) raises the balance by the funding (PUT /api/account/{userId}, an ADMIN_ADJUSTMENT
 * ledger entry written by the server). The signup bonus stays locked (no deposit), so it checks
 * that what the investor can withdraw (GET /api/account `available`) covers the funding.
 */
export async function fundInvestors(ctx) {
  const base = ctx.instances[0].base;
  const admin = await adminToken(base, ctx.admin.email, ctx.admin.password, {
    enrolmentCode: () => ctx.sink.waitForEnrolmentCode(ctx.admin.email),
  });
  const funding = toUnits(ctx.money.fundingPerInvestor);
  for (const user of ctx.investors) {
    const before = await api(base, 'GET', '/api/account', user.token);
    const balance = fromUnits(toUnits(before.balance) + funding, DECIMALS);
    await api(base, 'PUT', `/api/account/${user.userId}`, admin, { balance, reason: 'fault-experiments funding' });
    const after = await api(base, 'GET', '/api/account', user.token);
    if (toUnits(after.available) < funding)
      throw new Error(
        `seeding: ${user.email} can withdraw ${after.available} after funding ${ctx.money.fundingPerInvestor} (balance ${after.balance}, locked bonus ${after.lockedBonus})`,
      );
    ctx.money.lockedBonus = after.lockedBonus;
  }
}

/**
 * The shared money check of every experiment: of the withdrawals outside the fault window (answered
 * before the fault began, or sent to an instance after it recovered), at least MIN_ACCEPTED_SHARE got a 2xx,
 * so "money committed without a response: 0" is about requests that really commit money. Without
 * a fault (`noFault`, the baseline) every withdrawal counts.
 */
export function checkMoneyAccepted(result, records, { noFault = false } = {}) {
  const recoveredAt = (inst) => {
    const ms = result.recoverMs[inst];
    return typeof ms === 'number' ? result.faultEnd + ms : Infinity;
  };
  const outside = records.filter(
    (r) => r.kind === 'withdrawal' && (noFault || r.t1 < result.faultStart || r.t0 >= recoveredAt(r.inst)),
  );
  const ok = (r) => r.status >= 200 && r.status < 300 && !r.error;
  const refused = outside.filter((r) => !ok(r));
  const labels = {};
  for (const r of refused) labels[r.label] = (labels[r.label] ?? 0) + 1;
  result.withdrawals.outsideFault = {
    sent: outside.length,
    answered2xx: outside.length - refused.length,
    refused: labels,
  };
  if (!outside.length) {
    result.failures.push('no money request was sent outside the fault window: the money path went untested');
    return;
  }
  const accepted = outside.length - refused.length;
  if (accepted >= MIN_ACCEPTED_SHARE * outside.length) return;
  const sample = refused.find((r) => r.json)?.json;
  result.failures.push(
    `only ${accepted} of ${outside.length} money requests outside the fault window got a 2xx ` +
      `(at least ${MIN_ACCEPTED_SHARE * 100}% expected): ${Object.entries(labels)
        .map(([k, v]) => `${v}x ${k}`)
        .join(', ')}${sample ? `; e.g. ${JSON.stringify(sample).slice(0, 300)}` : ''}`,
  );
}
