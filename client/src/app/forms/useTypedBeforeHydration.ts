import type { FormikProps } from 'formik';
import { useLayoutEffect, useRef } from 'react';

/** What is in one field of the server-rendered form: its text or choice, or whether a checkbox is ticked. */
function currentValue(field: Element | RadioNodeList | null): string | boolean | undefined {
  if (field instanceof HTMLInputElement) return field.type === 'checkbox' ? field.checked : field.value;
  if (field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) return field.value;
  return undefined;
}

/**
 * Server-rendered forms can be typed into, or filled in by the browser, before the app has loaded.
 * React keeps those values while it hydrates, but Formik starts from its initial values, so its
 * next render would clear them. Put the returned ref on the <form>: as the app takes over (in the
 * hydration commit, before any re-render) the text fields, selects and checkboxes named in `names` that
 * differ from their initial value are copied into the form, and the ones not being edited count
 * as visited, so their validation message shows as if the app had been there all along.
 */
export function useTypedBeforeHydration<V>(form: FormikProps<V>, names: readonly (keyof V & string)[]) {
  const ref = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const typed: Partial<Record<keyof V, string | boolean>> = {};
    const visited: Partial<Record<keyof V, boolean>> = {};
    for (const name of names) {
      const field = element.elements.namedItem(name);
      const value = currentValue(field);
      if (value === undefined || value === form.initialValues[name]) continue;
      typed[name] = value;
      if (field !== document.activeElement) visited[name] = true;
    }
    if (Object.keys(typed).length === 0) return;
    void form.setTouched({ ...form.touched, ...visited }, false);
    void form.setValues({ ...form.values, ...typed } as V, true);
    // Once, as the app takes over the server's markup: later input goes through the handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
