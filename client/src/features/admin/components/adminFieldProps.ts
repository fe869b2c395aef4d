import { localizeMessage, msg, type Translate } from '@cryptovest/common';
import type { FormikProps } from 'formik';
import { textFieldProps } from '../../../app/forms/textFieldProps';

/** The admin forms' length limits say their number: one catalogue key for every limit. */
const AT_MOST = /^must be at most (\d+) characters$/;
const AT_MOST_KEY = msg('must be at most {{max}} characters');

/**
 * A validation message of an admin form in the reader's language: the admin schemas' own
 * messages are in the `admin` catalogue (the shared ones, found in `common` through `t`'s
 * fallback, as textFieldProps says them).
 */
export function localizeAdminMessage(t: Translate, message: string): string {
  const atMost = AT_MOST.exec(message);
  if (atMost) return t(AT_MOST_KEY, { max: Number(atMost[1]) });
  return localizeMessage(t, message);
}

/**
 * textFieldProps for an admin form: the same value, handlers and red message once the field was
 * had a go at, the message looked up in the `admin` catalogue (then `common`), so the admin
 * forms' own messages are translated as well.
 */
export function adminFieldProps<V>(form: FormikProps<V>, name: keyof V & string, t: Translate) {
  const props = textFieldProps(form, name);
  const message = form.errors[name];
  if (!props.helperText || typeof message !== 'string') return props;
  return { ...props, helperText: localizeAdminMessage(t, message) };
}
