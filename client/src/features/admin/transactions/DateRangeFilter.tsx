import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** Props of DateRangeFilter. */
export interface DateRangeFilterProps {
  /** First and last day included (YYYY-MM-DD); undefined: open-ended. */
  from: string | undefined;
  to: string | undefined;
  onChange: (which: 'from' | 'to', day: string | undefined) => void;
}

/** True when both days are set and the last is before the first (the server refuses it). */
export function isBackwards(from: string | undefined, to: string | undefined): boolean {
  return Boolean(from && to && to < from);
}

/**
 * The admin list's "submitted between" filter (issue 38): two native date fields (keyboard and
 * phone pickers for free), each day included, UTC as the server counts. A last day before the
 * first is pointed out under it (and not sent).
 */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation('admin');
  const backwards = isBackwards(from, to);
  const field = (which: 'from' | 'to', label: string, value: string | undefined) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(which, event.target.value || undefined)}
      error={which === 'to' && backwards}
      helperText={which === 'to' && backwards ? t('Must not be before From') : undefined}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { max: which === 'from' ? to : undefined, min: which === 'to' ? from : undefined },
      }}
      sx={{ width: 160 }}
    />
  );
  const fromField = field('from', t('From'), from);
  const toField = field('to', t('To'), to);
  return (
    <Box role="group" aria-label={t('Submitted between')} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      {fromField}
      {toField}
    </Box>
  );
}
