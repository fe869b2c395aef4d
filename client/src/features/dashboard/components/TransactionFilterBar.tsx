import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { msg } from '@cryptovest/common';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { coinName, HELD_COINS } from '../../../components/coins';
import {
  daysOutOfOrder,
  isFiltered,
  STATUS_CHOICES,
  TYPE_CHOICES,
  type TransactionFilterValues,
} from './transactionFilters';

/** Props of TransactionFilterBar. */
export interface TransactionFilterBarProps {
  filters: TransactionFilterValues;
  onChange: (key: keyof TransactionFilterValues, value: string) => void;
  onClear: () => void;
}

/** The selects' words for the types and statuses (catalogue keys): "DEPOSIT" reads "Deposit". */
const CHOICE_WORDS: Readonly<Record<string, string>> = {
  DEPOSIT: msg('Deposit'),
  WITHDRAWAL: msg('Withdrawal'),
  PENDING: msg('Pending'),
  CONFIRMED: msg('Confirmed'),
  DECLINED: msg('Declined'),
};

/** What the txid field suggests: the beginning of a blockchain id. */
const TXID_PLACEHOLDER = '0x\u2026';

/** A select of the bar with an "All" choice (the empty value). */
function ChoiceField(props: {
  label: string;
  value: string | undefined;
  choices: readonly string[];
  show: (value: string) => string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('All')}</MenuItem>
      {props.choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {props.show(choice)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The Transactions page's search and filters (issue 38): txid (searched on Enter or the button),
 * type, status, coin and a range of days, each applied by the server. Two columns on a phone,
 * one row from a laptop's width.
 */
export function TransactionFilterBar({ filters, onChange, onClear }: TransactionFilterBarProps) {
  const { t } = useTranslation('dashboard');
  const word = (value: string) => (CHOICE_WORDS[value] ? t(CHOICE_WORDS[value]) : value);
  const [txid, setTxid] = useState(filters.txid ?? '');
  const [applied, setApplied] = useState(filters.txid);
  // Back/forward or "Clear filters" change the URL: the field follows (adjusted while rendering).
  if (applied !== filters.txid) {
    setApplied(filters.txid);
    setTxid(filters.txid ?? '');
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange('txid', txid);
  };
  const badDays = daysOutOfOrder(filters);
  return (
    <Box
      component="form"
      role="search"
      aria-label={t('Filter transactions')}
      onSubmit={submit}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          // Dates keep room for the browser's whole "mm/dd/yyyy" and its calendar button in the
          // UI font (Inter: 140 px cut it to "mm/dd/yyy" at 1280 px), selects for "Confirmed".
          lg: 'minmax(120px, 1.2fr) repeat(3, minmax(112px, 1fr)) repeat(2, minmax(158px, 1fr)) auto',
        },
        mb: 2,
      }}
    >
      <TextField
        size="small"
        label={t('Transaction id')}
        placeholder={TXID_PLACEHOLDER}
        value={txid}
        onChange={(e) => setTxid(e.target.value)}
        onBlur={() => txid.trim() !== (filters.txid ?? '') && onChange('txid', txid)}
        sx={{ gridColumn: { xs: '1 / -1', lg: 'auto' } }}
        slotProps={{
          htmlInput: { maxLength: 250, spellCheck: false, autoCapitalize: 'off' },
          inputLabel: { shrink: true },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" size="small" aria-label={t('Search by transaction id')}>
                  <SearchIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <ChoiceField
        label={t('Type')}
        value={filters.trxType}
        choices={TYPE_CHOICES}
        show={word}
        onChange={(v) => onChange('trxType', v)}
      />
      <ChoiceField
        label={t('Status')}
        value={filters.status}
        choices={STATUS_CHOICES}
        show={word}
        onChange={(v) => onChange('status', v)}
      />
      <ChoiceField
        label={t('Coin')}
        value={filters.crypto}
        choices={HELD_COINS}
        show={coinName}
        onChange={(v) => onChange('crypto', v)}
      />
      <TextField
        size="small"
        type="date"
        label={t('From')}
        value={filters.from ?? ''}
        onChange={(e) => onChange('from', e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('To')}
        value={filters.to ?? ''}
        onChange={(e) => onChange('to', e.target.value)}
        error={badDays}
        helperText={badDays ? t('Before the first day') : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from } }}
      />
      <Button
        type="button"
        variant="text"
        color="secondary"
        onClick={onClear}
        disabled={!isFiltered(filters)}
        sx={{ minHeight: 40, whiteSpace: 'nowrap', gridColumn: { xs: '1 / -1', sm: 'auto' } }}
      >
        {t('Clear filters')}
      </Button>
    </Box>
  );
}
