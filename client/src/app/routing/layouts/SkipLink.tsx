import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** "Skip to content" link: first tab stop, visible only when focused; moves focus to <main>. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href="#main-content"
      onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        '&:focus': { top: 8 },
      }}
    >
      {t('Skip to content')}
    </Box>
  );
}
