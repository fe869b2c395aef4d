import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import { useTranslation } from 'react-i18next';

/** Initials of a full name, at most two letters ("Ada Lovelace" -> "AL"). */
export function initialsOf(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0].toUpperCase())
    .join('');
}

/** Props of UserAvatar. */
export interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  fullName: string | null | undefined;
  profileImage: string | null | undefined;
}

/** The investor's profile image, or their initials when there is none. */
export function UserAvatar({ fullName, profileImage, sx, ...props }: UserAvatarProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Avatar
      {...props}
      src={profileImage ?? undefined}
      alt={fullName ? t("{{name}}'s profile image", { name: fullName }) : t('Profile image')}
      sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', fontWeight: 700, ...sx }}
    >
      {initialsOf(fullName) || undefined}
    </Avatar>
  );
}
