/** A rendered e-mail: plain text and HTML bodies of the same message. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Where replies go, when not to the sender address (the contact form's visitor). */
  replyTo?: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(
  brand: string,
  title: string,
  bodyHtml: string,
  footnote = 'If you did not ask for this, you can ignore this e-mail.',
): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1b2435">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">${esc(brand)}</h1><h2 style="font-size:17px;margin:0 0 16px">${esc(title)}</h2>${bodyHtml}
<p style="font-size:12px;color:#5b6475;margin-top:32px">${esc(footnote)}</p></td></tr></table>
</td></tr></table></body></html>`;
}

/**
 * The salutation. `name` is null for mails to an address nobody has proven yet: such mails carry
 * no text a registrant typed (a name like "customer. URGENT: confirm at https://evil…").
 */
const hello = (name: string | null) => ({
  text: name ? `Hello ${name},` : 'Hello,',
  html: name ? `<p>Hello ${esc(name)},</p>` : '<p>Hello,</p>',
});

const codeBlock = (code: string) =>
  `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${esc(code)}</p>`;

/** The e-mail verification code sent after registration (and on resend). */
export function verifyEmailMail(brand: string, name: string | null, code: string, minutes: number): MailContent {
  const hi = hello(name);
  return {
    subject: `${brand}: your verification code is ${code}`,
    text: `${hi.text}\n\nYour ${brand} verification code is: ${code}\n\nIt expires in ${minutes} minutes.\n`,
    html: layout(
      brand,
      'Verify your e-mail',
      `${hi.html}<p>Your verification code is:</p>${codeBlock(code)}<p>It expires in ${minutes} minutes.</p>`,
    ),
  };
}

/** The password-reset code. */
export function resetPasswordMail(brand: string, name: string | null, code: string, minutes: number): MailContent {
  const hi = hello(name);
  return {
    subject: `${brand}: your password reset code is ${code}`,
    text: `${hi.text}\n\nYour ${brand} password reset code is: ${code}\n\nIt expires in ${minutes} minutes.\n`,
    html: layout(
      brand,
      'Reset your password',
      `${hi.html}<p>Your password reset code is:</p>${codeBlock(code)}<p>It expires in ${minutes} minutes.</p>`,
    ),
  };
}

/** A security notice: plain sentences, the same in both bodies, with a fixed closing line. */
function notice(brand: string, name: string | null, subject: string, title: string, lines: string[]): MailContent {
  const hi = hello(name);
  const closing = 'If this was not you, reset your password now and contact support.';
  return {
    subject: `${brand}: ${subject}`,
    text: `${hi.text}\n\n${lines.join('\n')}\n${closing}\n`,
    html: layout(
      brand,
      title,
      `${hi.html}${lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p>${esc(closing)}</p>`,
      'You receive this notice for every such change to your account.',
    ),
  };
}

/** Notice that the password changed, so an account owner notices a takeover. */
export function passwordChangedMail(brand: string, name: string | null): MailContent {
  return notice(brand, name, 'your password was changed', 'Your password was changed', [
    `The password of your ${brand} account was just changed. All other sessions were signed out.`,
  ]);
}

/** What happened to a user's sign-in security, for `securityNoticeMail`. */
export type SecurityEvent =
  | 'totp_enrolled'
  | 'totp_disabled'
  | 'passkey_added'
  | 'passkey_removed'
  | 'recovery_code_used'
  | 'recovery_codes_regenerated'
  | 'second_factor_reset'
  | 'api_key_created';

const SECURITY_NOTICES: Record<SecurityEvent, { subject: string; line: (brand: string, detail: string) => string }> = {
  totp_enrolled: {
    subject: 'two-factor sign-in turned on',
    line: (b) =>
      `An authenticator app now guards sign-in to your ${b} account. Keep your recovery codes somewhere safe. All other sessions were signed out.`,
  },
  totp_disabled: {
    subject: 'authenticator app removed',
    line: (b) =>
      `The authenticator app was removed from your ${b} account: it no longer asks for its codes. All other sessions were signed out.`,
  },
  passkey_added: {
    subject: 'passkey added',
    line: (b, d) =>
      `A passkey ("${d}") was added to your ${b} account and can now be used to sign in. All other sessions were signed out.`,
  },
  passkey_removed: {
    subject: 'passkey removed',
    line: (b, d) => `The passkey "${d}" was removed from your ${b} account. All other sessions were signed out.`,
  },
  recovery_code_used: {
    subject: 'a recovery code was used',
    line: (b, d) => `A recovery code of your ${b} account was just used (to sign in or to confirm a change). ${d}`,
  },
  recovery_codes_regenerated: {
    subject: 'new recovery codes',
    line: (b) => `New recovery codes were made for your ${b} account; the old ones no longer work.`,
  },
  second_factor_reset: {
    subject: 'two-factor sign-in reset by an operator',
    line: (b) =>
      `An operator removed every second factor of your ${b} account and signed out all sessions. Set up a new one with the enrolment code the operator gives you.`,
  },
  api_key_created: {
    subject: 'new API key',
    line: (b, d) =>
      `An API key ("${d}") was created for your ${b} account. Revoke it in Settings if you do not know it.`,
  },
};

/** Notice of a change to how the account signs in (second factors, recovery codes, API keys). */
export function securityNoticeMail(brand: string, name: string | null, event: SecurityEvent, detail = ''): MailContent {
  const n = SECURITY_NOTICES[event];
  const title = n.subject.charAt(0).toUpperCase() + n.subject.slice(1);
  return notice(brand, name, n.subject, title, [n.line(brand, detail)]);
}

/**
 * Notice that e-mail codes (verification, password reset) are refused for now after too many wrong
 * ones: someone may be guessing. Sign-in is not affected, and the mail says so.
 */
export function codesLockedMail(brand: string, name: string | null, until: Date): MailContent {
  return notice(brand, name, 'e-mail codes blocked after too many wrong tries', 'E-mail codes are blocked for now', [
    `Too many wrong e-mail codes were entered for your ${brand} account, so password resets and e-mail verification accept no code until ${until.toUTCString()}.`,
    'Your password has not been changed, and you can still sign in with it and your second factor.',
  ]);
}

/**
 * Notice that authenticator and recovery codes are refused for now after too many wrong ones.
 * Those are asked only after the right password, so the password is probably known to someone.
 */
export function secondFactorLockedMail(brand: string, name: string | null, until: Date): MailContent {
  return notice(brand, name, 'sign-in codes blocked: change your password', 'Sign-in codes are blocked for now', [
    `Too many wrong authenticator or recovery codes were entered after your correct ${brand} password, so none is accepted until ${until.toUTCString()}.`,
    'Someone may know your password: change it now. A passkey still signs you in.',
  ]);
}

/**
 * The one-time code an administrator needs, besides the password, to set up the first second
 * factor (a stolen password alone can't enrol). Single use, valid until `expiresAt`.
 */
export function enrolmentCodeMail(brand: string, name: string | null, code: string, expiresAt: Date): MailContent {
  const hi = hello(name);
  const until = expiresAt.toUTCString();
  return {
    subject: `${brand}: your two-factor enrolment code`,
    text: `${hi.text}\n\nTo set up two-factor sign-in for your ${brand} administrator account, enter this enrolment code: ${code}\n\nIt works once, until ${until}. If you did not ask for it, someone knows your password: change it now.\n`,
    html: layout(
      brand,
      'Set up two-factor sign-in',
      `${hi.html}<p>To set up two-factor sign-in for your administrator account, enter this enrolment code:</p><p style="font-size:22px;letter-spacing:2px;font-weight:bold;margin:16px 0;font-family:monospace">${esc(code)}</p><p>It works once, until ${esc(until)}.</p>`,
      'If you did not ask for it, someone knows your password: change it now.',
    ),
  };
}

/** One changed withdrawal address: the new one (null: removed) and, while it cools down, from when it is usable. */
export interface AddressChange {
  coin: string;
  address: string | null;
  coolsDownUntil: Date | null;
}

/** Notice of changed withdrawal addresses, with when each can first receive money. */
export function withdrawalAddressMail(brand: string, name: string | null, changes: AddressChange[]): MailContent {
  const lines = changes.flatMap((c) => {
    if (!c.address) return [`Your ${c.coin} withdrawal address was removed.`];
    const set = `Your ${c.coin} withdrawal address was set to ${c.address}.`;
    if (!c.coolsDownUntil) return [set];
    return [set, `For your safety it can receive withdrawals from ${c.coolsDownUntil.toUTCString()}.`];
  });
  return notice(brand, name, 'your withdrawal addresses changed', 'Withdrawal addresses changed', lines);
}

/** Notice of every withdrawal request, so a stolen session cannot move money unseen. */
export function withdrawalRequestedMail(
  brand: string,
  name: string | null,
  w: { amount: string; coin: string; address: string },
): MailContent {
  return notice(brand, name, `withdrawal of $${w.amount} requested`, 'Withdrawal requested', [
    `A withdrawal of $${w.amount} in ${w.coin} to ${w.address} was requested from your ${brand} account.`,
    'It will be sent once it has been processed.',
  ]);
}

/**
 * To every administrator: a deposit already credited lost its transaction from the chain (a
 * reorganisation). Nothing is reversed by itself; the mail says what to look at.
 */
export function chainAlertMail(
  brand: string,
  d: { coin: string; txid: string; amount: string; investor: string },
): MailContent {
  const what = `A credited ${d.coin} deposit of $${d.amount} (${d.investor}) is no longer on the chain: transaction ${d.txid}.`;
  const todo =
    'Nothing was reversed. Look the transaction up on the chain; if it is gone for good, correct the account.';
  return {
    subject: `${brand}: a credited deposit left the chain`,
    text: `${what}\n\n${todo}\n`,
    html: layout(
      brand,
      'A credited deposit left the chain',
      `<p>${esc(what)}</p><p>${esc(todo)}</p>`,
      'Sent to every administrator.',
    ),
  };
}

/** One account bucket that differs from the sum of its ledger entries (or is negative), as the operators' alert lists it. */
export interface BrokenBucket {
  accountId: string;
  userId: string;
  bucket: string;
  amount: string;
  ledger: string;
}

/**
 * To the operators: the scheduled reconciliation found account buckets that differ from their
 * ledger (`broken`: up to the first 100 of `total`; `fresh` of them were not broken at the last
 * run). Sent once per newly broken bucket, not at every run.
 */
export function ledgerMismatchMail(
  brand: string,
  r: { broken: BrokenBucket[]; total: number; fresh: number; checkedAt: Date },
): MailContent {
  const lines = r.broken.map(
    (b) =>
      `account ${b.accountId} (user ${b.userId}), ${b.bucket}: ${b.amount} in the account, ${b.ledger} in its ledger`,
  );
  const more = r.total > r.broken.length ? [`... and ${r.total - r.broken.length} more`] : [];
  const what = `The ledger reconciliation of ${r.checkedAt.toISOString()} found ${r.total} account bucket${r.total === 1 ? '' : 's'} that differ from the sum of their ledger entries or are negative (${r.fresh} newly broken).`;
  const todo =
    'Money moved outside the ledger, or an entry is missing. Nothing was corrected. See docs/operations.md, "Metrics" (Ledger reconciliation): the log has each one as "ledger mismatch".';
  return {
    subject: `${brand}: ledger mismatch in ${r.total} account bucket${r.total === 1 ? '' : 's'}`,
    text: `${what}\n\n${[...lines, ...more].join('\n')}\n\n${todo}\n`,
    html: layout(
      brand,
      'Ledger mismatch',
      `<p>${esc(what)}</p><ul>${[...lines, ...more].map((l) => `<li>${esc(l)}</li>`).join('')}</ul><p>${esc(todo)}</p>`,
      'Sent to the operators once per newly broken bucket.',
    ),
  };
}

/** A contact-form message forwarded to support; replies go straight to the visitor. */
export function contactMessageMail(
  brand: string,
  msg: { name: string; email: string; subject: string; message: string; id: string },
): MailContent {
  const subject = msg.subject || 'Message from the contact form';
  return {
    subject: `${brand} contact: ${subject}`,
    replyTo: msg.email,
    text: `From: ${msg.name} <${msg.email}>\nReference: ${msg.id}\n\n${msg.message}\n`,
    html: layout(
      brand,
      subject,
      `<p><strong>From:</strong> ${esc(msg.name)} &lt;${esc(msg.email)}&gt;<br><strong>Reference:</strong> ${esc(msg.id)}</p><p style="white-space:pre-wrap">${esc(msg.message)}</p>`,
      'Reply to this e-mail to answer the visitor.',
    ),
  };
}

/** Where a notification mail points: the page to look at, and where to turn these mails off. */
export interface NotificationLinks {
  view: string;
  settings: string;
}

/**
 * An account notification (deposit confirmed, withdrawal declined, message from the team…) as a
 * mail: the notification's own title and body, a link to the dashboard, and how to turn such mails
 * off (security notices above cannot be turned off).
 */
export function notificationMail(
  brand: string,
  name: string | null,
  n: { title: string; body: string },
  links: NotificationLinks,
): MailContent {
  const hi = hello(name);
  const optOut = `You receive these e-mails because account notifications are on. Turn them off in Settings: ${links.settings}`;
  const paragraphs = n.body.split(/\n+/);
  return {
    subject: `${brand}: ${n.title}`,
    text: `${hi.text}\n\n${n.body}\n\nSee it on your dashboard: ${links.view}\n\n${optOut}\n`,
    html: layout(
      brand,
      n.title,
      `${hi.html}${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}<p><a href="${esc(links.view)}">Open your dashboard</a></p>`,
      optOut,
    ),
  };
}

/** How mails address a user: by name only once the address is proven theirs (an unproven one may be someone else's). */
export const greetingName = (user: { fullName: string; emailVerifiedAt: Date | null }): string | null =>
  user.emailVerifiedAt ? user.fullName : null;

/** A webhook endpoint that was turned off, as its owner's mail names it. */
export interface DisabledWebhook {
  /** The URL's host only: a path or query may hold the receiver's own token. */
  host: string;
  description: string;
  failingSince: Date;
  lastError: string | null;
}

/**
 * Notice that a webhook endpoint was disabled after its deliveries failed for days without a
 * success, with the last error and how to turn it back on (nothing is sent to it until then).
 */
export function webhookDisabledMail(brand: string, name: string | null, w: DisabledWebhook): MailContent {
  const hi = hello(name);
  const label = w.description ? `"${w.description}" (${w.host})` : w.host;
  const lines = [
    `Your webhook endpoint ${label} was turned off: every delivery to it has failed since ${w.failingSince.toUTCString()}.`,
    ...(w.lastError ? [`The last attempt failed with: ${w.lastError}`] : []),
    `Nothing is sent to it any more. Once it answers again, turn it back on in Settings (or with updateWebhookEndpoint, enabled: true) and redeliver the events you missed.`,
  ];
  return {
    subject: `${brand}: webhook endpoint turned off`,
    text: `${hi.text}\n\n${lines.join('\n\n')}\n`,
    html: layout(
      brand,
      'Webhook endpoint turned off',
      `${hi.html}${lines.map((l) => `<p>${esc(l)}</p>`).join('')}`,
      'You receive this because you own this webhook endpoint.',
    ),
  };
}
