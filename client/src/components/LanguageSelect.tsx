import { isLocale, LOCALES } from '@cryptovest/common';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { saveAccountLanguage } from '../app/i18n/accountLanguage';
import { useLanguage } from '../app/i18n/language';
import { LANGUAGE_NAMES } from './languageNames';

/**
 * The account's language as a labelled field (Settings): the app switches at once and the choice
 * is saved on the account, so mails and notifications follow it.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { locale, setLocale } = useLanguage();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <TextField
      select
      label={t('Language')}
      helperText={t('The web app, e-mails and notifications use this language.')}
      value={locale}
      onChange={(event) => {
        const next = event.target.value;
        if (!isLocale(next) || next === locale) return;
        void setLocale(next);
        void saveAccountLanguage(next, (message) => enqueueSnackbar(t(message), { variant: 'error' }));
      }}
      sx={{ maxWidth: 320 }}
      fullWidth
    >
      {LOCALES.map((code) => (
        <MenuItem key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </MenuItem>
      ))}
    </TextField>
  );
}
