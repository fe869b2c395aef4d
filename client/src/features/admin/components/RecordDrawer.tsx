import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/Loader';

/** Width of the drawer from the `sm` breakpoint up; below it the drawer takes the whole screen. */
export const RECORD_DRAWER_WIDTH = 560;

/** Props of RecordDrawer. */
export interface RecordDrawerProps {
  /** Open while a record is chosen (`useRecordParam().recordId !== null`). */
  open: boolean;
  /** Escape, the close button and the backdrop call it (`useRecordParam().close`). */
  onClose: () => void;
  /** The dialog's name, e.g. "Deposit of $1,000.00" (translated by the caller, as every text given here). */
  title: ReactNode;
  /** A line under the title, e.g. the investor's name and e-mail. */
  subtitle?: ReactNode;
  /** Shown at the drawer's foot, always in view (e.g. the status action). */
  actions?: ReactNode;
  /** Called once the drawer has finished closing: put focus back on the row (`useRecordParam().focusRow`). */
  onClosed?: () => void;
  children: ReactNode;
}

/**
 * The side drawer an admin list opens a row into (issue 38 "Record view"): a modal dialog on the
 * right, full screen on a phone, named by its title, with a close button, a scrolling body and an
 * optional footer of actions. It holds no data of its own: the page passes the record's sections.
 * Focus moves into it when it opens and Escape closes it; with useRecordParam it has its own URL.
 * A section still loading its words or code suspends inside the drawer (a spinner in the body),
 * not above it: a boundary above would hide the open drawer for a moment and drop its focus to
 * the page (measured after a reload: ~180 ms on <body>, where an Escape went unheard).
 */
export function RecordDrawer({ open, onClose, title, subtitle, actions, onClosed, children }: RecordDrawerProps) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: RECORD_DRAWER_WIDTH }, display: 'flex', flexDirection: 'column' },
        },
        transition: { onExited: onClosed },
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1,
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        <IconButton onClick={onClose} aria-label={t('Close')} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 2, py: 2, display: 'grid', gap: 3, alignContent: 'start' }}>
        <Suspense fallback={<Loader />}>{children}</Suspense>
      </Box>
      {actions && (
        <Box sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Suspense fallback={null}>{actions}</Suspense>
        </Box>
      )}
    </Drawer>
  );
}

/** Props of RecordSection. */
export interface RecordSectionProps {
  /** The section's heading, e.g. "Ledger entries". */
  title: string;
  children: ReactNode;
}

/** One titled part of a RecordDrawer's body (details, timeline, ledger), headed for screen readers. */
export function RecordSection({ title, children }: RecordSectionProps) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h3" variant="subtitle2" color="text.secondary" sx={{ mb: 1, textTransform: 'uppercase' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
