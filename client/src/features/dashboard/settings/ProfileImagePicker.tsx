import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TOAST } from '@cryptovest/common';
import { useSnackbar } from 'notistack';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../../app/api/graphqlErrors';
import { useUpdateProfileMutation } from '../../../generated/hooks';
import { UserAvatar } from '../components/UserAvatar';
import { UploadError, uploadImage } from '../data/uploadImage';

/**
 * Settings > Profile: the profile image, uploaded and saved as soon as it is picked. A real button
 * opens the hidden file input (issue 38: a label given role="button" failed axe aria-allowed-role).
 */
export function ProfileImagePicker({ fullName, profileImage }: { fullName: string; profileImage: string | null }) {
  const { t } = useTranslation('dashboard');
  const [updateProfile] = useUpdateProfileMutation();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useServerErrors();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const id = await uploadImage(file);
      await updateProfile({ variables: { input: { profileImage: id } } });
      enqueueSnackbar(t(TOAST.profileUpdated), { variant: 'success' });
    } catch (error) {
      if (error instanceof UploadError) enqueueSnackbar(t(error.message), { variant: 'error' });
      else reportError(error); // the server's message, or that the connection was lost
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
      <UserAvatar fullName={fullName} profileImage={profileImage} sx={{ width: 72, height: 72 }} />
      <div>
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<PhotoCameraIcon />}
          loading={busy}
          onClick={() => input.current?.click()}
        >
          {t('Change profile image')}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-label={t('Profile image file')}
          tabIndex={-1}
          onChange={onPick}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('PNG, JPEG, WebP or GIF, up to 5 MB.')}
        </Typography>
      </div>
    </Stack>
  );
}
