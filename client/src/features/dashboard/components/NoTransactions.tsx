import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Props of NoTransactions. */
export interface NoTransactionsProps {
  /** True when filters hide every transaction (then it offers to clear them). */
  filtered: boolean;
  onClearFilters?: () => void;
  /** Outlined like the table it replaces (false inside the overview's tab). */
  framed?: boolean;
}

/**
 * The transactions list without a row (issue 38): a new investor is invited to make the first
 * deposit; filters that match nothing say so and offer to clear them. Text wraps, so a 390 px
 * phone shows all of it.
 */
export function NoTransactions({ filtered, onClearFilters, framed = true }: NoTransactionsProps) {
  const { t } = useTranslation('dashboard');
  const Icon = filtered ? SearchOffIcon : ReceiptLongIcon;
  return (
    <Paper variant="outlined" sx={{ textAlign: 'center', py: 5, px: 2, ...(framed ? {} : { border: 0 }) }}>
      <Icon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
      <Box role="status">
        <Typography variant="h6" component="p" sx={{ mt: 1 }}>
          {filtered ? t('No transactions match these filters.') : t('No transactions yet.')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {filtered
            ? t('Try other filters, or clear them to see every transaction.')
            : t('Your deposits and withdrawals will show here, each with its timeline.')}
        </Typography>
      </Box>
      {filtered ? (
        <Button variant="outlined" color="secondary" onClick={onClearFilters}>
          {t('Clear filters')}
        </Button>
      ) : (
        <Button variant="contained" color="secondary" component={RouterLink} to="/dashboard/invest">
          {t('Make your first deposit')}
        </Button>
      )}
    </Paper>
  );
}
