import { countryName } from '@cryptovest/common';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A country's name from its ISO code, in the reader's language ("GH" -> "Ghana"). */
export function useCountryName(): (code: string | null | undefined) => string {
  const { t } = useTranslation('countries');
  return useCallback((code) => t(countryName(code)), [t]);
}

/** A country's name as text, for table cells built outside a component. */
export function CountryName({ code }: { code: string | null | undefined }) {
  return <>{useCountryName()(code)}</>;
}
