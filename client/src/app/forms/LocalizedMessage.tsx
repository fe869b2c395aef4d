import { localizeMessage } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';

/**
 * A validation message from the shared schemas (English, the specification's wording, which is
 * also its catalogue key) in the reader's language; a message built from values (the smallest
 * withdrawal) is said again with those values.
 */
export function LocalizedMessage({ text }: { text: string }) {
  const { t } = useTranslation();
  return <>{localizeMessage((key, params) => t(key, params), text)}</>;
}
