import { type Locale, msg, type Translate, translatorFor } from '@cryptovest/common';
import { mailDollars, mailTime } from './formats';

/** A rendered e-mail: plain text and HTML bodies of the same message. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Where replies go, when not to the sender address (the contact form's visitor). */
  replyTo?: string;
}

/**
 * Who a mail speaks for and in which language (issue 39): the site's brand and the recipient's
 * language (`User.locale`), so every sentence is written in it.
 */
export interface MailContext {
  brand: string;
  locale: Locale;
}

/** The words of a mail's language (the `mail` catalogue; English text is the key). */
const wordsOf = (ctx: MailContext): Translate => translatorFor(ctx.locale, 'mail');

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(brand: string, title: string, bodyHtml: string, footnote: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1b2435">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">${esc(brand)}</h1><h2 style="font-size:17px;margin:0 0 16px">${esc(title)}</h2>${bodyHtml}
<p style="font-size:12px;color:#5b6475;margin-top:32px">${esc(footnote)}</p></td></tr></table>
</td></tr></table></body></html>`;
}

/** A paragraph of translated text: the whole sentence escaped, values included. */
const para = (text: string) => `<p>${esc(text)}</p>`;

/**
 * The salutation. `name` is null for mails to an address nobody has proven yet: such mails carry
 * no text a registrant typed (a name like "customer. URGENT: confirm at https://evil…").
 */
function hello(t: Translate, name: string | null): { text: string; html: string } {
  const text = name ? t('Hello {{name}},', { name }) : t('Hello,');
  return { text, html: para(text) };
}

const codeBlock = (code: string) =>
  `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${esc(code)}</p>`;

/** The e-mail verification code sent after registration (and on resend). */
export function verifyEmailMail(ctx: MailContext, name: string | null, code: string, minutes: number): MailContent {
  const t = wordsOf(ctx);
  const { brand } = ctx;
  const hi = hello(t, name);
  const expires = t('It expires in {{count}} minutes.', { count: minutes });
  return {
    subject: t('{{brand}}: your verification code is {{code}}', { brand, code }),
    text: `${hi.text}\n\n${t('Your {{brand}} verification code is: {{code}}', { brand, code })}\n\n${expires}\n`,
    html: layout(
      brand,
      t('Verify your e-mail'),
      `${hi.html}${para(t('Your verification code is:'))}${codeBlock(code)}${para(expires)}`,
      t('If you did not ask for this, you can ignore this e-mail.'),
    ),
  };
}

/** The password-reset code. */
export function resetPasswordMail(ctx: MailContext, name: string | null, code: string, minutes: number): MailContent {
  const t = wordsOf(ctx);
  const { brand } = ctx;
  const hi = hello(t, name);
  const expires = t('It expires in {{count}} minutes.', { count: minutes });
  return {
    subject: t('{{brand}}: your password reset code is {{code}}', { brand, code }),
    text: `${hi.text}\n\n${t('Your {{brand}} password reset code is: {{code}}', { brand, code })}\n\n${expires}\n`,
    html: layout(
      brand,
      t('Reset your password'),
      `${hi.html}${para(t('Your password reset code is:'))}${codeBlock(code)}${para(expires)}`,
      t('If you did not ask for this, you can ignore this e-mail.'),
    ),
  };
}

/**
 * A security notice: plain sentences (already in the recipient's language), the same in both
 * bodies, with a fixed closing line.
 */
function notice(
  ctx: MailContext,
  name: string | null,
  words: { subject: string; title: string; lines: string[] },
): MailContent {
  const t = wordsOf(ctx);
  const hi = hello(t, name);
  const closing = t('If this was not you, reset your password now and contact support.');
  return {
    subject: words.subject,
    text: `${hi.text}\n\n${words.lines.join('\n')}\n${closing}\n`,
    html: layout(
      ctx.brand,
      words.title,
      `${hi.html}${words.lines.map(para).join('')}${para(closing)}`,
      t('You receive this notice for every such change to your account.'),
    ),
  };
}

/** Notice that the password changed, so an account owner notices a takeover. */
export function passwordChangedMail(ctx: MailContext, name: string | null): MailContent {
  const t = wordsOf(ctx);
  const { brand } = ctx;
  return notice(ctx, name, {
    subject: t('{{brand}}: your password was changed', { brand }),
    title: t('Your password was changed'),
    lines: [
      t('The password of your {{brand}} account was just changed. All other sessions were signed out.', { brand }),
    ],
  });
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

/**
 * Each security notice's subject, title and sentence (catalogue keys): `{{brand}}`, `{{detail}}`
 * (the passkey's or API key's name) and `{{count}}` (recovery codes left) are filled in.
 */
const SECURITY_NOTICES: Record<SecurityEvent, { subject: string; title: string; line: string }> = {
  totp_enrolled: {
    subject: msg('{{brand}}: two-factor sign-in turned on'),
    title: msg('Two-factor sign-in turned on'),
    line: msg(
      'An authenticator app now guards sign-in to your {{brand}} account. Keep your recovery codes somewhere safe. All other sessions were signed out.',
    ),
  },
  totp_disabled: {
    subject: msg('{{brand}}: authenticator app removed'),
    title: msg('Authenticator app removed'),
    line: msg(
      'The authenticator app was removed from your {{brand}} account: it no longer asks for its codes. All other sessions were signed out.',
    ),
  },
  passkey_added: {
    subject: msg('{{brand}}: passkey added'),
    title: msg('Passkey added'),
    line: msg(
      'A passkey ("{{detail}}") was added to your {{brand}} account and can now be used to sign in. All other sessions were signed out.',
    ),
  },
  passkey_removed: {
    subject: msg('{{brand}}: passkey removed'),
    title: msg('Passkey removed'),
    line: msg('The passkey "{{detail}}" was removed from your {{brand}} account. All other sessions were signed out.'),
  },
  recovery_code_used: {
    subject: msg('{{brand}}: a recovery code was used'),
    title: msg('A recovery code was used'),
    line: msg(
      'A recovery code of your {{brand}} account was just used (to sign in or to confirm a change). {{count}} of your recovery codes are left.',
    ),
  },
  recovery_codes_regenerated: {
    subject: msg('{{brand}}: new recovery codes'),
    title: msg('New recovery codes'),
    line: msg('New recovery codes were made for your {{brand}} account; the old ones no longer work.'),
  },
  second_factor_reset: {
    subject: msg('{{brand}}: two-factor sign-in reset by an operator'),
    title: msg('Two-factor sign-in reset by an operator'),
    line: msg(
      'An operator removed every second factor of your {{brand}} account and signed out all sessions. Set up a new one with the enrolment code the operator gives you.',
    ),
  },
  api_key_created: {
    subject: msg('{{brand}}: new API key'),
    title: msg('New API key'),
    line: msg(
      'An API key ("{{detail}}") was created for your {{brand}} account. Revoke it in Settings if you do not know it.',
    ),
  },
};

/**
 * Notice of a change to how the account signs in (second factors, recovery codes, API keys).
 * `detail`: the passkey's or API key's name; for `recovery_code_used`, how many codes are left.
 */
export function securityNoticeMail(
  ctx: MailContext,
  name: string | null,
  event: SecurityEvent,
  detail: string | number = '',
): MailContent {
  const t = wordsOf(ctx);
  const n = SECURITY_NOTICES[event];
  const { brand } = ctx;
  const values = typeof detail === 'number' ? { brand, count: detail } : { brand, detail };
  return notice(ctx, name, { subject: t(n.subject, { brand }), title: t(n.title), lines: [t(n.line, values)] });
}

/**
 * Notice that e-mail codes (verification, password reset) are refused for now after too many wrong
 * ones: someone may be guessing. Sign-in is not affected, and the mail says so.
 */
export function codesLockedMail(ctx: MailContext, name: string | null, until: Date): MailContent {
  const t = wordsOf(ctx);
  const { brand } = ctx;
  return notice(ctx, name, {
    subject: t('{{brand}}: e-mail codes blocked after too many wrong tries', { brand }),
    title: t('E-mail codes are blocked for now'),
    lines: [
      t(
        'Too many wrong e-mail codes were entered for your {{brand}} account, so password resets and e-mail verification accept no code until {{until}}.',
        { brand, until: mailTime(ctx.locale, until) },
      ),
      t('Your password has not been changed, and you can still sign in with it and your second factor.'),
    ],
  });
}

/**
 * Notice that authenticator and recovery codes are refused for now after too many wrong ones.
 * Those are asked only after the right password, so the password is probably known to someone.
 */
export function secondFactorLockedMail(ctx: MailContext, name: string | null, until: Date): MailContent {
  const t = wordsOf(ctx);
  const { brand } = ctx;
  return notice(ctx, name, {
    subject: t('{{brand}}: sign-in codes blocked: change your password', { brand }),
    title: t('Sign-in codes are blocked for now'),
    lines: [
      t(
        'Too many wrong authenticator or recovery codes were entered after your correct {{brand}} password, so none is accepted until {{until}}.',
        { brand, until: mailTime(ctx.locale, until) },
      ),
      t('Someone may know your password: change it now. A passkey still signs you in.'),
    ],
  });
}

/**
 * The one-time code an administrator needs, besides the password, to set up the first second
 * factor (a stolen password alone can't enrol). Single use, valid until `expiresAt`.
 */
export function enrolmentCodeMail(ctx: MailContext, name: string | null, code: string, expiresAt: Date): MailContent {
  const t = wordsOf(ctx);
  const { brand } = ctx;
  const hi = hello(t, name);
  const until = t('It works once, until {{until}}.', { until: mailTime(ctx.locale, expiresAt) });
  const warning = t('If you did not ask for it, someone knows your password: change it now.');
  return {
    subject: t('{{brand}}: your two-factor enrolment code', { brand }),
    text: `${hi.text}\n\n${t('To set up two-factor sign-in for your {{brand}} administrator account, enter this enrolment code: {{code}}', { brand, code })}\n\n${until} ${warning}\n`,
    html: layout(
      brand,
      t('Set up two-factor sign-in'),
      `${hi.html}${para(t('To set up two-factor sign-in for your administrator account, enter this enrolment code:'))}<p style="font-size:22px;letter-spacing:2px;font-weight:bold;margin:16px 0;font-family:monospace">${esc(code)}</p>${para(until)}`,
      warning,
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
export function withdrawalAddressMail(ctx: MailContext, name: string | null, changes: AddressChange[]): MailContent {
  const t = wordsOf(ctx);
  const lines = changes.flatMap((c) => {
    if (!c.address) return [t('Your {{coin}} withdrawal address was removed.', { coin: c.coin })];
    const set = t('Your {{coin}} withdrawal address was set to {{address}}.', { coin: c.coin, address: c.address });
    if (!c.coolsDownUntil) return [set];
    return [
      set,
      t('For your safety it can receive withdrawals from {{from}}.', { from: mailTime(ctx.locale, c.coolsDownUntil) }),
    ];
  });
  return notice(ctx, name, {
    subject: t('{{brand}}: your withdrawal addresses changed', { brand: ctx.brand }),
    title: t('Withdrawal addresses changed'),
    lines,
  });
}

/** Notice of every withdrawal request, so a stolen session cannot move money unseen. */
export function withdrawalRequestedMail(
  ctx: MailContext,
  name: string | null,
  w: { amount: string; coin: string; address: string },
): MailContent {
  const t = wordsOf(ctx);
  const { brand } = ctx;
  const amount = mailDollars(ctx.locale, w.amount);
  return notice(ctx, name, {
    subject: t('{{brand}}: withdrawal of {{amount}} requested', { brand, amount }),
    title: t('Withdrawal requested'),
    lines: [
      t('A withdrawal of {{amount}} in {{coin}} to {{address}} was requested from your {{brand}} account.', {
        amount,
        coin: w.coin,
        address: w.address,
        brand,
      }),
      t('It will be sent once it has been processed.'),
    ],
  });
}

/**
 * To an administrator: a deposit already credited lost its transaction from the chain (a
 * reorganisation). Nothing is reversed by itself; the mail says what to look at.
 */
export function chainAlertMail(
  ctx: MailContext,
  d: { coin: string; txid: string; amount: string; investor: string },
): MailContent {
  const t = wordsOf(ctx);
  const what = t(
    'A credited {{coin}} deposit of {{amount}} ({{investor}}) is no longer on the chain: transaction {{txid}}.',
    { coin: d.coin, amount: mailDollars(ctx.locale, d.amount), investor: d.investor, txid: d.txid },
  );
  const todo = t(
    'Nothing was reversed. Look the transaction up on the chain; if it is gone for good, correct the account.',
  );
  return {
    subject: t('{{brand}}: a credited deposit left the chain', { brand: ctx.brand }),
    text: `${what}\n\n${todo}\n`,
    html: layout(
      ctx.brand,
      t('A credited deposit left the chain'),
      `${para(what)}${para(todo)}`,
      t('Sent to every administrator.'),
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
 * run). Sent once per newly broken bucket, not at every run. In English: it goes to the
 * operators' address (or every administrator), not to one account, and quotes the runbook.
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

/**
 * A contact-form message forwarded to support; replies go straight to the visitor. In English:
 * it goes to the support mailbox, not to an account (the visitor's own words are kept as sent).
 */
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
 * mail: the notification's own title and body (written in the recipient's language when it was
 * made), a link to the dashboard, and how to turn such mails off (security notices above cannot
 * be turned off).
 */
export function notificationMail(
  ctx: MailContext,
  name: string | null,
  n: { title: string; body: string },
  links: NotificationLinks,
): MailContent {
  const t = wordsOf(ctx);
  const hi = hello(t, name);
  const optOut = t(
    'You receive these e-mails because account notifications are on. Turn them off in Settings: {{link}}',
    { link: links.settings },
  );
  const paragraphs = n.body.split(/\n+/);
  return {
    subject: t('{{brand}}: {{title}}', { brand: ctx.brand, title: n.title }),
    text: `${hi.text}\n\n${n.body}\n\n${t('See it on your dashboard: {{link}}', { link: links.view })}\n\n${optOut}\n`,
    html: layout(
      ctx.brand,
      n.title,
      `${hi.html}${paragraphs.map(para).join('')}<p><a href="${esc(links.view)}">${esc(t('Open your dashboard'))}</a></p>`,
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
export function webhookDisabledMail(ctx: MailContext, name: string | null, w: DisabledWebhook): MailContent {
  const t = wordsOf(ctx);
  const hi = hello(t, name);
  const since = mailTime(ctx.locale, w.failingSince);
  const lines = [
    w.description
      ? t(
          'Your webhook endpoint "{{description}}" ({{host}}) was turned off: every delivery to it has failed since {{since}}.',
          { description: w.description, host: w.host, since },
        )
      : t('Your webhook endpoint {{host}} was turned off: every delivery to it has failed since {{since}}.', {
          host: w.host,
          since,
        }),
    ...(w.lastError ? [t('The last attempt failed with: {{error}}', { error: w.lastError })] : []),
    t(
      'Nothing is sent to it any more. Once it answers again, turn it back on in Settings (or with updateWebhookEndpoint, enabled: true) and redeliver the events you missed.',
    ),
  ];
  return {
    subject: t('{{brand}}: webhook endpoint turned off', { brand: ctx.brand }),
    text: `${hi.text}\n\n${lines.join('\n\n')}\n`,
    html: layout(
      ctx.brand,
      t('Webhook endpoint turned off'),
      `${hi.html}${lines.map(para).join('')}`,
      t('You receive this because you own this webhook endpoint.'),
    ),
  };
}
