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

const codeBlock = (code: string) =>
  `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${esc(code)}</p>`;

/** The e-mail verification code sent after registration (and on resend). */
export function verifyEmailMail(brand: string, name: string, code: string, minutes: number): MailContent {
  return {
    subject: `${brand}: your verification code is ${code}`,
    text: `Hello ${name},\n\nYour ${brand} verification code is: ${code}\n\nIt expires in ${minutes} minutes.\n`,
    html: layout(
      brand,
      'Verify your e-mail',
      `<p>Hello ${esc(name)},</p><p>Your verification code is:</p>${codeBlock(code)}<p>It expires in ${minutes} minutes.</p>`,
    ),
  };
}

/** The password-reset code. */
export function resetPasswordMail(brand: string, name: string, code: string, minutes: number): MailContent {
  return {
    subject: `${brand}: your password reset code is ${code}`,
    text: `Hello ${name},\n\nYour ${brand} password reset code is: ${code}\n\nIt expires in ${minutes} minutes.\n`,
    html: layout(
      brand,
      'Reset your password',
      `<p>Hello ${esc(name)},</p><p>Your password reset code is:</p>${codeBlock(code)}<p>It expires in ${minutes} minutes.</p>`,
    ),
  };
}

/** Notice that the password changed, so an account owner notices a takeover. */
export function passwordChangedMail(brand: string, name: string): MailContent {
  return {
    subject: `${brand}: your password was changed`,
    text: `Hello ${name},\n\nThe password of your ${brand} account was just changed. All other sessions were signed out.\nIf this was not you, reset your password now and contact support.\n`,
    html: layout(
      brand,
      'Your password was changed',
      `<p>Hello ${esc(name)},</p><p>The password of your account was just changed. All other sessions were signed out.</p><p>If this was not you, reset your password now and contact support.</p>`,
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
