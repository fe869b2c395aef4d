import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** Props of SettingsSection. */
export interface SettingsSectionProps {
  title: string;
  /** One or two lines under the heading saying what this is for. */
  description: ReactNode;
  /** Beside the heading: a status chip ("On", "Off"). */
  status?: ReactNode;
  children: ReactNode;
}

/** One block of Settings → Security: an h2 with an optional status, a description, the content. */
export function SettingsSection({ title, description, status, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h2" variant="h6">
          {title}
        </Typography>
        {status}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {description}
      </Typography>
      {children}
    </Box>
  );
}
