import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { SvgIconComponent } from '@mui/icons-material';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';
import { useSite } from '../app/site/site';

/** Display name (a brand, the same in every language) and icon of each network the site config can link. */
const NETWORKS: Record<SocialNetwork, { name: string; Icon: SvgIconComponent }> = {
  facebook: { name: 'Facebook', Icon: FacebookIcon },
  telegram: { name: 'Telegram', Icon: TelegramIcon },
  whatsapp: { name: 'WhatsApp', Icon: WhatsAppIcon },
  instagram: { name: 'Instagram', Icon: InstagramIcon },
};

/**
 * The operator's social profiles as icon links, in SOCIAL_NETWORKS order: only networks with a
 * configured URL appear (an icon that goes nowhere would be a dead end), each in a new tab.
 * Renders nothing when none is configured. Colours are inherited, so it fits any background.
 */
export function SocialLinks() {
  const { t } = useTranslation();
  const { brandName, social } = useSite();
  const links = SOCIAL_NETWORKS.flatMap((network) => {
    const url = social[network];
    return url ? [{ network, url, ...NETWORKS[network] }] : [];
  });
  if (links.length === 0) return null;
  return (
    <Stack component="ul" direction="row" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {links.map(({ network, url, name, Icon }) => (
        <li key={network}>
          <IconButton
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('{{brand}} on {{network}}', { brand: brandName, network: name })}
            sx={{ color: 'inherit', border: '1px solid currentColor' }}
          >
            <Icon fontSize="small" />
          </IconButton>
        </li>
      ))}
    </Stack>
  );
}
