import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/i18n/useFormat';
import { PERIOD_PRESETS, type DayRange, type PeriodPreset, periodLabel, periodProblem, presetRange } from './periods';

/** What the picker holds: a preset, and the typed days when it is custom. */
export interface PeriodChoice {
  preset: PeriodPreset;
  custom: Partial<DayRange>;
}

/** The period a choice means, or null while a custom one is incomplete or wrong. */
export function chosenRange(choice: PeriodChoice, maxDays?: number, today?: Date): DayRange | null {
  if (choice.preset !== 'custom') return presetRange(choice.preset, today);
  return periodProblem(choice.custom, maxDays) ? null : (choice.custom as DayRange);
}

/** Props of PeriodPicker. */
export interface PeriodPickerProps {
  value: PeriodChoice;
  onChange: (value: PeriodChoice) => void;
  /** Longest period allowed (statements: 366 days); said under the dates when exceeded. */
  maxDays?: number;
  /** Distinguishes the fields' ids when two pickers share a page. */
  idPrefix?: string;
}

/**
 * Picks a period of whole days for a statement or an export (issue 38): this month, last month,
 * this year, or custom from/to dates (native date fields: keyboard and phone pickers for free).
 * States the chosen days, and what is wrong with a custom period before anything is sent.
 */
export function PeriodPicker({ value, onChange, maxDays, idPrefix = 'period' }: PeriodPickerProps) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const range = chosenRange(value, maxDays);
  const problem =
    value.preset === 'custom' ? periodProblem(value.custom, maxDays, (key, params) => t(key, params)) : null;
  const dayField = (which: 'from' | 'to', label: string) => (
    <TextField
      id={`${idPrefix}-${which}`}
      type="date"
      size="small"
      label={label}
      value={value.custom[which] ?? ''}
      onChange={(e) => onChange({ ...value, custom: { ...value.custom, [which]: e.target.value || undefined } })}
      error={which === 'to' && Boolean(problem && value.custom.from && value.custom.to)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 170 } }}
    />
  );
  const fromField = dayField('from', t('From'));
  const toField = dayField('to', t('To'));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          id={`${idPrefix}-preset`}
          select
          size="small"
          label={t('Period')}
          value={value.preset}
          onChange={(e) => {
            const preset = e.target.value as PeriodPreset;
            // Custom starts from the period shown before, so the dates are never blank.
            const custom = preset === 'custom' && range ? { ...range } : value.custom;
            onChange({ preset, custom });
          }}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          {PERIOD_PRESETS.map((p) => (
            <MenuItem key={p.value} value={p.value}>
              {t(p.label)}
            </MenuItem>
          ))}
        </TextField>
        {value.preset === 'custom' && (
          <Box
            role="group"
            aria-label={t('Custom period')}
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              gap: 1.5,
              flex: { xs: '1 1 100%', sm: '0 1 auto' },
            }}
          >
            {fromField}
            {toField}
          </Box>
        )}
      </Box>
      <Typography
        variant="body2"
        color={problem ? 'error' : 'text.secondary'}
        role={problem ? 'alert' : undefined}
        data-testid={`${idPrefix}-summary`}
      >
        {problem ??
          (range ? t('{{period}}, whole days in UTC, both included', { period: periodLabel(range, locale) }) : '')}
      </Typography>
    </Box>
  );
}
