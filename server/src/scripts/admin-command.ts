import { AppError } from '../kernel/errors';
import type { Admins } from '../modules/auth';

/** How to call the operator command (printed on a usage error). */
export const ADMIN_USAGE = `usage: admin <command> --email <address>
  create               create an administrator: prints a generated password and a one-time enrolment code
  enrolment-code       print a new enrolment code for an administrator who has no second factor yet
  reset-second-factor  remove every second factor of a locked-out administrator (all sessions end, the
                       administrator is mailed) and print a new enrolment code`;

/** What the command prints (stdout: the secrets, once) and its exit status. */
export interface CommandResult {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * The operator command `admin` (docs/operations.md, "Administrators"), without process concerns:
 * parses the arguments, runs one action of `Admins` and words the answer. Secrets are returned
 * for the terminal only, never logged. Exit status 0 done, 1 refused (e.g. unknown admin), 2 usage.
 */
export async function runAdminCommand(argv: readonly string[], admins: Admins): Promise<CommandResult> {
  const [command] = argv;
  const at = argv.indexOf('--email');
  const email = at >= 0 ? argv[at + 1] : undefined;
  if (!email || !['create', 'enrolment-code', 'reset-second-factor'].includes(command ?? ''))
    return { status: 2, stdout: '', stderr: `${ADMIN_USAGE}\n` };
  try {
    if (command === 'create') {
      const admin = await admins.create(email);
      return {
        status: 0,
        stderr: '',
        stdout:
          `Administrator created: ${admin.email}\n` +
          `  password:        ${admin.password}\n` +
          `  enrolment code:  ${admin.code}   (works once, until ${admin.expiresAt.toUTCString()})\n` +
          `Hand both over in person or through a channel you trust. The administrator signs in, then sets up\n` +
          `two-factor sign-in in Security with the enrolment code, and changes the password.\n`,
      };
    }
    const issued =
      command === 'enrolment-code' ? await admins.enrolmentCode(email) : await admins.resetSecondFactor(email);
    const done = command === 'reset-second-factor' ? `Second factors of ${email} removed; all sessions ended.\n` : '';
    return {
      status: 0,
      stderr: '',
      stdout: `${done}Enrolment code for ${email}: ${issued.code}   (works once, until ${issued.expiresAt.toUTCString()})\n`,
    };
  } catch (err) {
    if (err instanceof AppError) return { status: 1, stdout: '', stderr: `${err.message}\n` };
    throw err;
  }
}
