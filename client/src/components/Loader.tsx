import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Props of Loader. */
export interface LoaderProps {
  /** Announced to screen readers (translated by the caller); "Loading" in the reader's language by default. */
  label?: string;
  /** Fill the viewport (guards, first load) instead of a content block. */
  fullScreen?: boolean;
}

/** The app's one loading indicator (SPEC §2 "loading indicators"), centred and announced. */
export function Loader({ label, fullScreen = false }: LoaderProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        py: 6,
        minHeight: fullScreen ? '100vh' : 160,
        width: '100%',
      }}
    >
      <CircularProgress color="secondary" aria-label={label ?? t('Loading')} />
    </Box>
  );
}
