import type { Locale } from './locales';
import type { Catalogue, Namespace } from './namespaces';
import enCommon from './catalogues/en/common.json';
import enPublic from './catalogues/en/public.json';
import enAuth from './catalogues/en/auth.json';
import enDashboard from './catalogues/en/dashboard.json';
import enAdmin from './catalogues/en/admin.json';
import enSecurity from './catalogues/en/security.json';
import enMail from './catalogues/en/mail.json';
import enErrors from './catalogues/en/errors.json';
import enCountries from './catalogues/en/countries.json';
import enStatements from './catalogues/en/statements.json';
import esCommon from './catalogues/es/common.json';
import esPublic from './catalogues/es/public.json';
import esAuth from './catalogues/es/auth.json';
import esDashboard from './catalogues/es/dashboard.json';
import esAdmin from './catalogues/es/admin.json';
import esSecurity from './catalogues/es/security.json';
import esMail from './catalogues/es/mail.json';
import esErrors from './catalogues/es/errors.json';
import esCountries from './catalogues/es/countries.json';
import esStatements from './catalogues/es/statements.json';
import deCommon from './catalogues/de/common.json';
import dePublic from './catalogues/de/public.json';
import deAuth from './catalogues/de/auth.json';
import deDashboard from './catalogues/de/dashboard.json';
import deAdmin from './catalogues/de/admin.json';
import deSecurity from './catalogues/de/security.json';
import deMail from './catalogues/de/mail.json';
import deErrors from './catalogues/de/errors.json';
import deCountries from './catalogues/de/countries.json';
import deStatements from './catalogues/de/statements.json';

/**
 * Every catalogue, read at once: for the server (mails, API errors), the server-rendered pages and
 * the tests. The browser does not import this: it loads one language's namespaces as it needs
 * them (client/src/app/i18n), so a page carries only its own words.
 */
export const CATALOGUES: Readonly<Record<Locale, Readonly<Record<Namespace, Catalogue>>>> = {
  en: {
    common: enCommon,
    public: enPublic,
    auth: enAuth,
    dashboard: enDashboard,
    admin: enAdmin,
    security: enSecurity,
    mail: enMail,
    errors: enErrors,
    countries: enCountries,
    statements: enStatements,
  },
  es: {
    common: esCommon,
    public: esPublic,
    auth: esAuth,
    dashboard: esDashboard,
    admin: esAdmin,
    security: esSecurity,
    mail: esMail,
    errors: esErrors,
    countries: esCountries,
    statements: esStatements,
  },
  de: {
    common: deCommon,
    public: dePublic,
    auth: deAuth,
    dashboard: deDashboard,
    admin: deAdmin,
    security: deSecurity,
    mail: deMail,
    errors: deErrors,
    countries: deCountries,
    statements: deStatements,
  },
};
