import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import type { NotificationItemFragment } from '../../../generated/graphql';
import { relativeTime } from './relativeTime';

/** Props of NotificationList. */
export interface NotificationListProps {
  items: NotificationItemFragment[];
  /** A notification was chosen (click, Enter or Space). */
  onOpen: (item: NotificationItemFragment) => void;
  /** Focus the first entry (when the bell's menu opens). */
  autoFocus: boolean;
  /** The menu element, e.g. to move the focus into it. */
  listRef?: Ref<HTMLUListElement>;
}

/**
 * The bell's entries as a menu (arrow keys move, Enter opens): title, plain-text body, when; an
 * unread one is bold with a dot that screen readers hear as "Unread".
 */
export function NotificationList({ items, onOpen, autoFocus, listRef }: NotificationListProps) {
  return (
    <MenuList ref={listRef} autoFocusItem={autoFocus} aria-label="Latest notifications" sx={{ py: 0 }}>
      {items.map((item) => {
        const unread = !item.readAt;
        return (
          <MenuItem
            key={item.id}
            onClick={() => onOpen(item)}
            divider
            sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5, whiteSpace: 'normal' }}
          >
            <Box
              {...(unread ? { role: 'img', 'aria-label': 'Unread' } : { 'aria-hidden': true })}
              sx={{
                mt: 0.75,
                width: 8,
                height: 8,
                flexShrink: 0,
                borderRadius: '50%',
                bgcolor: unread ? 'secondary.main' : 'transparent',
              }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 500 }}>
                {item.title}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
              >
                {item.body}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="time" dateTime={item.createdAt}>
                {relativeTime(item.createdAt)}
              </Typography>
            </Box>
          </MenuItem>
        );
      })}
    </MenuList>
  );
}
