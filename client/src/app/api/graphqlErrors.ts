import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { localizeMessage, MSG, msg } from '@cryptovest/common';
import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { connectionFailure } from './connection';

/** A message the server tied to one input (`extensions.fields[]` of BAD_USER_INPUT, CONFLICT...). */
export interface ServerFieldError {
  field: string;
  message: string;
  /** The message in the language the request asked for (the web app sends the page's). */
  localizedMessage?: string;
}

/** What a reader is shown of a server message: its text in their language when the server sent one. */
const shown = (m: { message: string; localizedMessage?: unknown }) =>
  typeof m.localizedMessage === 'string' && m.localizedMessage ? m.localizedMessage : m.message;

/** What a failed call means for a form: the first error code, messages to toast, field errors. */
export interface ServerErrorReport {
  /** `extensions.code` of the first GraphQL error, or null for network / unknown failures. */
  code: string | null;
  /** Every message to show as an error toast (SPEC §8), never empty. */
  messages: string[];
  /** Messages to show under their fields. */
  fields: ServerFieldError[];
}

/** Shown for the server's "temporarily unavailable" answer (503): waiting a moment and retrying will work (a catalogue key). */
export const UNAVAILABLE_MESSAGE = msg('The service is temporarily unavailable. Please try again in a moment.');

/**
 * True when the server answered "temporarily unavailable" (its database is down or overloaded):
 * a GraphQL error with `extensions.code` UNAVAILABLE, or an HTTP 503 without a GraphQL body.
 */
export function isUnavailable(error: unknown): boolean {
  if (ServerError.is(error)) return error.statusCode === 503;
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'UNAVAILABLE');
}

/** `extensions.fields` when it has the expected shape, else []. */
function fieldsOf(extensions: Record<string, unknown> | undefined): ServerFieldError[] {
  const fields = extensions?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f): f is ServerFieldError =>
      typeof f === 'object' &&
      f !== null &&
      typeof f.field === 'string' &&
      typeof f.message === 'string' &&
      f.message !== '',
  );
}

/**
 * Reads an Apollo error (what a rejected mutate/query gives) into toasts and field errors.
 * GraphQL errors keep their server messages; a validation error is toasted once per field; a 503 /
 * UNAVAILABLE says to retry in a moment; no answer at all (offline, connection lost) says so, with
 * code OFFLINE (issue 38); anything else (HTTP, junk) becomes 'Something went wrong' (SPEC §8).
 */
export function readServerError(error: unknown): ServerErrorReport {
  if (isUnavailable(error)) return { code: 'UNAVAILABLE', messages: [UNAVAILABLE_MESSAGE], fields: [] };
  const lost = CombinedGraphQLErrors.is(error) || ServerError.is(error) ? null : connectionFailure(error);
  if (lost) return { code: 'OFFLINE', messages: [lost], fields: [] };
  if (!CombinedGraphQLErrors.is(error) || error.errors.length === 0) {
    return { code: null, messages: [MSG.somethingWentWrong], fields: [] };
  }
  const messages: string[] = [];
  const fields: ServerFieldError[] = [];
  for (const item of error.errors) {
    const own = fieldsOf(item.extensions).map((f) => ({ field: f.field, message: shown(f) }));
    fields.push(...own);
    if (item.extensions?.code === 'BAD_USER_INPUT' && own.length) messages.push(...own.map((f) => f.message));
    else
      messages.push(
        shown({ message: item.message, localizedMessage: item.extensions?.localizedMessage }) || MSG.somethingWentWrong,
      );
  }
  const code = error.errors[0].extensions?.code;
  return { code: typeof code === 'string' ? code : null, messages: [...new Set(messages)], fields };
}

/** The form a report is applied to: formik's setFieldError and the names of its fields. */
export interface ErrorTarget {
  setFieldError: (field: string, message: string | undefined) => void;
  /** Only these fields get a message (e.g. a `token` error on a form without that field is only toasted). */
  fields: readonly string[];
}

/**
 * The one error handler of every form: toasts each message and puts field messages under their
 * fields. Returns the report so a page can react to a code (e.g. EMAIL_NOT_VERIFIED). Toasts are
 * in the reader's language where the catalogue knows the message (ours: offline, unavailable,
 * "Something went wrong"; the shared validation messages), as the field messages are shown.
 */
export function useServerErrors(): (error: unknown, target?: ErrorTarget) => ServerErrorReport {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    (error, target) => {
      const report = readServerError(error);
      const say = (message: string) => localizeMessage((key, params) => t(key, params), message);
      for (const message of report.messages) enqueueSnackbar(say(message), { variant: 'error' });
      if (target) {
        for (const { field, message } of report.fields) {
          if (target.fields.includes(field)) target.setFieldError(field, message);
        }
      }
      return report;
    },
    [enqueueSnackbar, t],
  );
}
