/** Reads mails the e2e SMTP receiver (started by e2e/serve.mjs) has accepted, and runs its operator command. */
const MAIL_API = `http://127.0.0.1:${process.env.E2E_MAIL_PORT || 4174}`;

/** A mail the receiver accepted: its raw text (quoted-printable decoded) and when (ms). */
export interface ReceivedMail {
  raw: string;
  at: number;
}

/** Every mail to `to` received since `since` (ms), oldest first. */
export async function mailsTo(to: string, since = 0): Promise<ReceivedMail[]> {
  const mails: ReceivedMail[] = await (await fetch(`${MAIL_API}/mails?to=${encodeURIComponent(to)}`)).json();
  return mails.filter((m) => m.at >= since);
}

/** Waits for the newest mail to `to` matching `pattern` and returns its first capture group. */
export async function waitForMail(to: string, pattern: RegExp, since = 0, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hit = (await mailsTo(to, since)).filter((m) => pattern.test(m.raw)).pop();
    if (hit) return pattern.exec(hit.raw)?.[1] ?? '';
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What the operator command printed (e2e/serve.mjs runs it on the app's database). */
export interface OperatorOutput {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs the operator command `admin <args>` as an operator would on the server (e.g. `create --email x`). */
export async function operator(...args: string[]): Promise<OperatorOutput> {
  const res = await fetch(`${MAIL_API}/operator`, { method: 'POST', body: JSON.stringify(args) });
  return (await res.json()) as OperatorOutput;
}
