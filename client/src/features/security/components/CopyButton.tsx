import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../components/useCopy';

/** Props of CopyButton. */
export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** What goes to the clipboard. */
  text: string;
  /** The button's words before copying, already translated, e.g. "Copy key" (default "Copy"). */
  label?: string;
}

/** A copy-to-clipboard button that reads "Copied!" for 1.5 s, announced politely (SPEC §9). */
export function CopyButton({ text, label, ...props }: CopyButtonProps) {
  const { t } = useTranslation('security');
  const { copied, copy } = useCopy();
  return (
    <Button
      variant="outlined"
      color="secondary"
      startIcon={<ContentCopyIcon />}
      aria-live="polite"
      {...props}
      onClick={() => copy(text)}
    >
      {copied ? t('Copied!') : (label ?? t('Copy'))}
    </Button>
  );
}
