import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES, type User } from '@inspecta/contract';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { UserAvatar } from '@/components/ui/user-avatar';
import { isApiError } from '@/lib/api-client';
import { useChangeMyProfileImage } from '../api/change-my-profile-image';
import { useUploadProfileImage } from '../api/upload-profile-image';
import { fullName } from '../lib/labels';

const MAX_MB = PROFILE_IMAGE_MAX_BYTES / (1024 * 1024);

interface ProfileImageControlProps {
  user: User;
  /** The signed-in user's own image goes through /auth/me, which also refreshes userData. */
  self: boolean;
}

/** The avatar with upload and remove; the server checks the content and re-encodes it. */
export function ProfileImageControl({ user, self }: ProfileImageControlProps) {
  const adminUpload = useUploadProfileImage();
  const ownUpload = useChangeMyProfileImage();
  const pending = adminUpload.isPending || ownUpload.isPending;

  const change = async (file: File | null, removing = false) => {
    if (!file && !removing) return;
    if (file && file.size > PROFILE_IMAGE_MAX_BYTES) {
      notifications.show({
        color: 'red',
        title: 'Image too large',
        message: `Choose an image of at most ${MAX_MB} MB.`,
      });
      return;
    }
    try {
      if (self) await ownUpload.mutateAsync(file);
      else await adminUpload.mutateAsync({ id: user.id, file });
      notifications.show({
        color: 'green',
        title: removing ? 'Profile image removed' : 'Profile image updated',
        message: self
          ? 'Your picture in the header has changed too.'
          : `${fullName(user)}'s picture has changed.`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not change the picture',
        message: isApiError(error) ? error.message : 'Something went wrong. Please try again.',
      });
    }
  };

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <UserAvatar user={user} size={72} data-testid="detail-avatar" />
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={(file) => void change(file)} accept={PROFILE_IMAGE_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconPhotoUp size={14} aria-hidden="true" />}
                loading={pending}
              >
                {user.profileImage ? 'Change picture' : 'Upload picture'}
              </Button>
            )}
          </FileButton>
          {user.profileImage ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden="true" />}
              onClick={() => void change(null, true)}
              disabled={pending}
            >
              Remove
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          JPEG, PNG or WebP, at most {MAX_MB} MB
        </Text>
      </Stack>
    </Group>
  );
}
