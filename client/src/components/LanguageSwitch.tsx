import type { Locale } from '@cryptovest/common';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../app/i18n/language';
import { LANGUAGE_NAMES } from './languageNames';

/** The menu's code, fetched when the reader points at the switch or opens it. */
const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);

/**
 * The language menu of the public navigation and the admin bar: the current language's code,
 * opening the list of languages each in its own name. A signed-in reader's choice is also saved
 * on their account (their mails follow it).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { locale, setLocale } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const choose = (next: Locale) => {
    setAnchor(null);
    if (next === locale) return;
    void setLocale(next);
    // Saved on the account from the menu's own chunk (not in every public page's first load).
    void import('../app/i18n/accountLanguage').then(({ saveAccountLanguage }) =>
      saveAccountLanguage(next, (message) => enqueueSnackbar(t(message), { variant: 'error' })),
    );
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
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {locale.toUpperCase()}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} current={locale} onChoose={choose} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
