import EmailIcon from '@mui/icons-material/EmailOutlined';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../app/site/site';

/** A `tel:` URI for a phone number as written for people ("+1 555 010 0000" -> "tel:+15550100000"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** One labelled detail row: icon, small label, value. */
function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 44,
          height: 44,
          flexShrink: 0,
          borderRadius: 2,
          color: 'secondary.main',
          bgcolor: 'action.hover',
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{children}</Typography>
      </Box>
    </Stack>
  );
}

/**
 * The operator's support e-mail, phone and postal address (SPEC §1), from the site config;
 * e-mail and phone are links that open the mail or phone app.
 */
export function ContactDetails() {
  const { t } = useTranslation('public');
  const { supportEmail, supportPhone, address } = useSite();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3, height: '100%' }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('Contact details')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {t('Our support team is available 24/7. Write, call or visit us.')}
      </Typography>
      <Stack spacing={3}>
        <DetailRow icon={<EmailIcon />} label={t('Email')}>
          <Link href={`mailto:${supportEmail}`} color="secondary" underline="always">
            {supportEmail}
          </Link>
        </DetailRow>
        <DetailRow icon={<PhoneIcon />} label={t('Phone')}>
          <Link href={telHref(supportPhone)} color="secondary" underline="always">
            {supportPhone}
          </Link>
        </DetailRow>
        <DetailRow icon={<PlaceIcon />} label={t('Address')}>
          {address}
        </DetailRow>
      </Stack>
    </Paper>
  );
}
