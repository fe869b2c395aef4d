import { number, object, string, type InferType } from 'yup';
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '../site';

const httpsUrl = string()
  .trim()
  .nullable()
  .default(null)
  .matches(/^https:\/\/[^\s"<>]+$/, { message: '${path} must be an https:// URL', excludeEmptyString: true });

const text = (max: number) => string().trim().min(1).max(max).required();

/** Validates a SITE_FILE after merging it over the defaults; every problem is reported. */
export const siteConfigSchema = object({
  brandName: text(40),
  companyName: text(120),
  companyId: text(60),
  supportEmail: string().trim().email().required(),
  supportPhone: text(40),
  address: text(200),
  figures: object({
    people: text(20),
    investors: text(20),
    currencies: text(20),
    encryption: text(30),
    activeInvestors: string()
      .transform((_v, original) => String(original))
      .matches(/^\d{1,9}$/, '${path} must be a whole number')
      .required(),
    profitRaisedMillions: string()
      .transform((_v, original) => String(original))
      .matches(/^\d{1,6}$/, '${path} must be a whole number')
      .required(),
  }).required(),
  social: object({
    facebook: httpsUrl,
    telegram: httpsUrl,
    whatsapp: httpsUrl,
    instagram: httpsUrl,
  }).required(),
  marketChartUrl: httpsUrl,
  signupBonus: string()
    .matches(/^\d+(\.\d{1,2})?$/, '${path} must be an amount with at most 2 decimals')
    .required(),
  withdrawalAddressCooldownHours: number().integer().min(0).required(),
  minWithdrawal: string()
    .matches(/^\d+(\.\d{1,2})?$/, '${path} must be an amount with at most 2 decimals')
    .required(),
}).noUnknown();

/** Shape yup yields; numbers are normalised back by `parseSiteConfig`. */
type ValidatedSite = InferType<typeof siteConfigSchema>;

/**
 * Merges `overrides` (a parsed SITE_FILE, possibly partial) over the defaults and validates the
 * result. Throws a ValidationError listing every problem (the server adds the file name).
 */
export function parseSiteConfig(
  overrides: unknown,
  policy: Pick<SiteConfig, 'signupBonus' | 'withdrawalAddressCooldownHours' | 'minWithdrawal'>,
): SiteConfig {
  const raw = (overrides && typeof overrides === 'object' ? overrides : {}) as Partial<SiteConfig>;
  const merged = {
    ...DEFAULT_SITE_CONFIG,
    ...raw,
    figures: { ...DEFAULT_SITE_CONFIG.figures, ...(raw.figures ?? {}) },
    social: { ...DEFAULT_SITE_CONFIG.social, ...(raw.social ?? {}) },
    ...policy,
  };
  const valid: ValidatedSite = siteConfigSchema.validateSync(merged, { abortEarly: false, stripUnknown: false });
  return {
    ...valid,
    figures: {
      ...valid.figures,
      activeInvestors: Number(valid.figures.activeInvestors),
      profitRaisedMillions: Number(valid.figures.profitRaisedMillions),
    },
    marketChartUrl: valid.marketChartUrl || null,
    social: {
      facebook: valid.social.facebook || null,
      telegram: valid.social.telegram || null,
      whatsapp: valid.social.whatsapp || null,
      instagram: valid.social.instagram || null,
    },
  };
}
