import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationItemFragment } from '../../../generated/graphql';
import { useWording } from '../components/wording';
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

/** The unread dot's role: an image with a name. */
const IMAGE_ROLE = 'img';

/**
 * The bell's entries as a menu (arrow keys move, Enter opens): title, plain-text body, when; an
 * unread one is bold with a dot that screen readers hear as "Unread".
 */
export function NotificationList({ items, onOpen, autoFocus, listRef }: NotificationListProps) {
  const { t } = useTranslation('dashboard');
  const wording = useWording();
  return (
    <MenuList ref={listRef} autoFocusItem={autoFocus} aria-label={t('Latest notifications')} sx={{ py: 0 }}>
      {items.map((item) => {
        const unread = !item.readAt;
        // The dot: an image named "Unread" for screen readers while unread, else hidden.
        const dot = unread ? { role: IMAGE_ROLE, 'aria-label': t('Unread') } : { 'aria-hidden': true };
        return (
          <MenuItem
            key={item.id}
            onClick={() => onOpen(item)}
            divider
            sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5, whiteSpace: 'normal' }}
          >
            <Box
              {...dot}
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
                {relativeTime(item.createdAt, undefined, wording)}
              </Typography>
            </Box>
          </MenuItem>
        );
      })}
    </MenuList>
  );
}
