import type { Namespace } from '@cryptovest/common';
import type { FormikProps } from 'formik';
import { createElement } from 'react';
import { LocalizedMessage } from './LocalizedMessage';

/**
 * Wires a MUI TextField to one Formik field: value and handlers, plus its validation message
 * in red under the field (SPEC §2) once the user has had a go at it: after a submit attempt, or
 * once they typed into it and left it. Tabbing through an empty form turns nothing red (issue 38,
 * defect 10): an untouched field still holding its initial value shows no message until a submit.
 * The message shows in the reader's language, looked up in `ns` (a feature's catalogue, e.g.
 * `admin` for the back office's own schema messages) and then `common`. One place instead of
 * three props per field.
 */
export function textFieldProps<V>(form: FormikProps<V>, name: keyof V & string, ns?: Namespace) {
  const edited = form.values[name] !== form.initialValues[name];
  const attempted = form.touched[name] && (edited || form.submitCount > 0);
  const message = attempted ? (form.errors[name] as string | undefined) : undefined;
  const helperText = message ? createElement(LocalizedMessage, { text: message, ns }) : undefined;
  return { ...form.getFieldProps(name), error: Boolean(message), helperText };
}
