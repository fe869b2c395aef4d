import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSite } from '../app/site/site';

/** Props of Brand. */
export interface BrandProps {
  to: string;
  /** White wordmark for navy backgrounds. */
  onDark?: boolean;
}

/** Splits a camel-case brand ("CryptoVest") so its second word can take the accent colour. */
function splitWordmark(name: string): [string, string] {
  const match = /^(.+?)([A-Z][a-z]+)$/.exec(name);
  return match ? [match[1], match[2]] : [name, ''];
}

/** The operator's logo mark + wordmark (brand name from the site config), linking home. */
export function Brand({ to, onDark = false }: BrandProps) {
  const { t } = useTranslation();
  const { brandName } = useSite();
  const [first, accent] = splitWordmark(brandName);
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label={t('{{brand}} home', { brand: brandName })}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        textDecoration: 'none',
        color: onDark ? '#ffffff' : 'primary.main',
        fontWeight: 800,
        fontSize: '1.25rem',
        letterSpacing: '-0.01em',
        borderRadius: 1,
      }}
    >
      <Box component="svg" viewBox="0 0 64 64" aria-hidden sx={{ width: 30, height: 30, flexShrink: 0 }}>
        <rect width="64" height="64" rx="14" fill={onDark ? '#ffffff' : '#0b2a4a'} />
        <path
          d="M14 42 28 28l8 8 14-16"
          fill="none"
          stroke={onDark ? '#0f766e' : '#2dd4bf'}
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </Box>
      <span>
        {first}
        {accent && (
          <Box component="span" sx={{ color: onDark ? 'secondary.light' : 'secondary.main' }}>
            {accent}
          </Box>
        )}
      </span>
    </Box>
  );
}
