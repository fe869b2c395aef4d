import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useAuditActionsQuery } from '../../../generated/hooks';
import { FilterSelect } from '../components/FilterSelect';
import { SearchBar } from '../components/SearchBar';
import type { AdminPaging } from '../components/useAdminPaging';

/** The audit log's filters as kept in the URL: one action, and a range of local days (YYYY-MM-DD). */
export interface AuditFilterValues {
  action: string;
  from: string;
  to: string;
}

/** Props of AuditFilters. */
export interface AuditFiltersProps {
  paging: AdminPaging<never, AuditFilterValues>;
  /** Said under the dates when they do not make a range (the end before the start): a catalogue key. */
  rangeError: string | null;
}

/**
 * The audit log's filter bar: actor search (name or e-mail start), the action chosen from the
 * actions the trail records (in the reader's words: the server's English labels are `admin`
 * catalogue keys), and a From/To pair of days; each applies at once and lands in the URL
 * (useUrlFilters), so a filtered view can be bookmarked and shared.
 */
export function AuditFilters({ paging, rangeError }: AuditFiltersProps) {
  const { t } = useTranslation('admin');
  const actions = useAuditActionsQuery();
  const options = (actions.data?.auditActions ?? []).map((a) => ({ label: t(a.label), value: a.action }));
  const chosen = paging.filters.action;
  // A bookmarked action is kept while the list of actions loads (and shown by its name if unknown).
  if (chosen && !options.some((o) => o.value === chosen)) options.push({ label: chosen, value: chosen });
  const day = (key: 'from' | 'to', label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={paging.filters[key] ?? ''}
      onChange={(event) => paging.setFilter(key, event.target.value || undefined)}
      error={key === 'to' && Boolean(rangeError)}
      helperText={key === 'to' && rangeError ? t(rangeError) : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 170 }}
    />
  );
  const fromDay = day('from', t('From'));
  const toDay = day('to', t('To'));
  return (
    <SearchBar
      placeholder={t('search by actor name or e-mail')}
      onSearch={paging.setSearch}
      defaultValue={paging.search}
    >
      <FilterSelect
        label={t('Action')}
        allLabel={t('All actions')}
        options={options}
        value={chosen}
        onChange={(value) => paging.setFilter('action', value)}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {fromDay}
        {toDay}
      </Box>
    </SearchBar>
  );
}
