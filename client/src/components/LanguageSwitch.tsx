import { LOCALES, type Locale } from '@cryptovest/common';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveAccountLanguage } from '../app/i18n/accountLanguage';
import { useLanguage } from '../app/i18n/language';

/** Each language named in itself, so a reader finds theirs whatever the page's language. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español', de: 'Deutsch' };

/**
 * The language menu of the public navigation and the app bars: the current language's code,
 * opening the list of languages each in its own name. A signed-in reader's choice is also saved
 * on their account (their mails follow it).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { locale, setLocale } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (next: Locale) => {
    setAnchor(null);
    if (next === locale) return;
    void setLocale(next);
    void saveAccountLanguage(next);
  };
  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={<TranslateIcon />}
        aria-label={t('Language: {{language}}', { language: LANGUAGE_NAMES[locale] })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {locale.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LOCALES.map((code) => (
          <MenuItem key={code} lang={code} selected={code === locale} onClick={() => choose(code)}>
            {LANGUAGE_NAMES[code]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
