import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat, type Formats } from '../../../app/i18n/useFormat';

/** The English number format (the default of formatFileSize). */
const englishNumber: Formats['number'] = (value, options) => new Intl.NumberFormat('en-US', options).format(value);

/** "48 KB", "1.2 MB" ("1,2 MB" in German): the size people compare with the upload limit. */
export function formatFileSize(bytes: number, number: Formats['number'] = englishNumber): string {
  const digits = (value: number, decimals: number) =>
    number(value, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false });
  if (bytes < 1024 * 1024) return `${digits(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
  return `${digits(bytes / (1024 * 1024), 1)} MB`;
}

/** Props of ProofPreview. */
export interface ProofPreviewProps {
  file: File;
  /** Takes the file off the form (nothing is uploaded until the deposit is submitted). */
  onRemove: () => void;
}

/**
 * The proof of payment as it will be sent (issue 38, defect 4): a thumbnail, its name and size,
 * and a way to take it off, so the investor sees they picked the right screenshot before
 * submitting. The image is read from the browser's copy; nothing is uploaded yet.
 */
export function ProofPreview({ file, onRemove }: ProofPreviewProps) {
  const { t } = useTranslation('dashboard');
  const { number } = useFormat();
  // The image element shows the browser's copy of the file; its object URL lives as long as it does.
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <Box
      sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <Box
        component="img"
        ref={image}
        alt={t('Preview of {{name}}', { name: file.name })}
        sx={{ width: 96, height: 96, objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1, flexShrink: 0 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {file.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('{{size}}, sent with your deposit', { size: formatFileSize(file.size, number) })}
        </Typography>
        <Button
          size="small"
          color="inherit"
          onClick={onRemove}
          aria-label={t('Remove {{name}}', { name: file.name })}
          sx={{ mt: 0.5, px: 1 }}
        >
          {t('Remove')}
        </Button>
      </Box>
    </Box>
  );
}
