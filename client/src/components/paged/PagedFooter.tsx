import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { msg } from '@cryptovest/common';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { knownCount, showingText } from './pageCount';
import type { PageChange, PageResult } from './types';

/** The names of the pagination's buttons (MUI's own are English only). */
const PAGE_BUTTON_LABELS = {
  first: msg('Go to first page'),
  last: msg('Go to last page'),
  next: msg('Go to next page'),
  previous: msg('Go to previous page'),
} as const;

/** Props of PagedFooter. */
export interface PagedFooterProps {
  result: PageResult<unknown>;
  page: number;
  pageSize: number;
  onPageChange: PageChange;
  /** Show a 'See all' link to this path instead of the pagination. */
  seeAllTo?: string;
}

/**
 * A PagedTable's footer (SPEC §9): "Showing X–Y of Z results" (none for an empty page), then the
 * pagination or a 'See all' link.
 */
export function PagedFooter({ result, page, pageSize, onPageChange, seeAllTo }: PagedFooterProps) {
  const { t } = useTranslation();
  const count = knownCount(result, page, pageSize);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        columnGap: 2,
        px: 2,
        minHeight: 52,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {result.items.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {showingText(
            page,
            pageSize,
            result.items.length,
            count < 0 ? result.total : count,
            count < 0,
            (key, params) => t(key, params),
          )}
        </Typography>
      )}
      {seeAllTo ? (
        <Link component={RouterLink} to={seeAllTo} underline="always" variant="body2" sx={{ py: 1.5 }}>
          {t('See all')}
        </Link>
      ) : (
        <TablePagination
          component="div"
          count={count}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[]}
          labelDisplayedRows={() => null}
          getItemAriaLabel={(type) => t(PAGE_BUTTON_LABELS[type])}
          onPageChange={(_, next) => onPageChange(next, result)}
          sx={{ border: 0, ml: 'auto', '& .MuiTablePagination-toolbar': { pl: 0, pr: 0, minHeight: 52 } }}
        />
      )}
    </Box>
  );
}
