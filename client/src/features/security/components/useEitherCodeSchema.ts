import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { EITHER_CODE_HINT, isEitherCode } from '../../../components/second-factor/codes';

/**
 * The form of "prove it is you" (an authenticator or recovery code), its message in the reader's
 * language: one schema for the authenticator's own dialogs and the step-up dialog.
 */
export function useEitherCodeSchema() {
  const { t } = useTranslation('security');
  return useMemo(
    () =>
      object({
        code: string()
          .required(t(EITHER_CODE_HINT))
          .test('shape', t(EITHER_CODE_HINT), (value = '') => isEitherCode(value)),
      }),
    [t],
  );
}
