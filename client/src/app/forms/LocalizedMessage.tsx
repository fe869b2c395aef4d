import { localizeMessage, type Namespace } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';

/**
 * A validation message (English, the specification's wording, which is also its catalogue key)
 * in the reader's language, looked up in `ns` and then in `common` (i18next's fallback), so a
 * feature's own schema messages are translated as well as the shared ones; a message built from
 * values (the smallest withdrawal, a length limit) is said again with those values.
 */
export function LocalizedMessage({ text, ns = 'common' }: { text: string; ns?: Namespace }) {
  const { t } = useTranslation(ns);
  return <>{localizeMessage((key, params) => t(key, params), text)}</>;
}
