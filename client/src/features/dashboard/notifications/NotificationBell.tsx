import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { Translate } from '@cryptovest/common';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NotificationItemFragment } from '../../../generated/graphql';
import { useNotificationBellQuery } from '../../../generated/hooks';
import { NotificationList } from './NotificationList';
import { englishText } from '../components/wording';
import { useMarkRead } from './useMarkRead';

/** How many notifications the bell's menu lists (the newest). */
export const BELL_PAGE_SIZE = 10;

/** The bell's accessible name, with the unread count, in the language of `t` (English by default). */
export function bellLabel(unread: number, t: Translate = englishText): string {
  if (unread === 0) return t('Notifications, none unread');
  return t('Notifications, {{unread}} unread', { unread });
}

/** Where a notification leads: its transaction's timeline, when it is about one. */
export function notificationTarget(item: Pick<NotificationItemFragment, 'transactionId'>): string | null {
  return item.transactionId ? `/dashboard/transactions/${item.transactionId}` : null;
}

/**
 * The investor's bell (issue 12): a badge with the unread count and a menu of the latest
 * notifications. "Mark all as read" clears the badge; choosing one marks it read and, when it is
 * about a transaction, opens that transaction's timeline. Live updates refetch it (LiveUpdates).
 * Shown only where notifications exist: when they can't be loaded the bell is left out.
 */
export function NotificationBell() {
  const { t } = useTranslation('dashboard');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Not deduplicated: a refetch after a new notification must not join a request sent before it.
  const { data, error } = useNotificationBellQuery({
    variables: { pageSize: BELL_PAGE_SIZE },
    context: { queryDeduplication: false },
  });
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const headingId = useId();
  const unread = data?.unreadNotificationCount ?? 0;
  const items = data?.notifications.items ?? [];
  const open = anchor !== null;
  const close = () => setAnchor(null);

  /** Marks all read; the focus moves to the list first, as the button is disabled once nothing is unread. */
  const markAll = () => {
    listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    void markRead({ all: true, loaded: items.map((item) => item.id) });
  };

  const openItem = (item: NotificationItemFragment) => {
    close();
    if (!item.readAt) void markRead({ ids: [item.id] });
    const target = notificationTarget(item);
    if (target) void navigate(target);
  };

  // No notifications to back it (the query failed, e.g. a server without them): no bell at all,
  // rather than one that would only ever say "none" (issue 14).
  if (error && !data) return null;

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={bellLabel(unread, (key, params) => t(key, params))}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        id={menuId}
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': headingId,
            sx: { width: 380, maxWidth: 'calc(100vw - 32px)', maxHeight: 'min(560px, calc(100vh - 96px))' },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('Notifications')}
          </Typography>
          <Button size="small" color="secondary" disabled={unread === 0} onClick={markAll}>
            {t('Mark all as read')}
          </Button>
        </Box>
        <Divider />
        {items.length > 0 ? (
          <NotificationList items={items} onOpen={openItem} autoFocus={open} listRef={listRef} />
        ) : (
          <Typography color="text.secondary" sx={{ px: 2, py: 3 }}>
            {data ? t('No notifications yet.') : t('Loading notifications…')}
          </Typography>
        )}
      </Popover>
    </>
  );
}
