import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@inspecta/contract';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The largest image the server takes, in MB, for the hint under the buttons. */
export const IMAGE_MAX_MB = PROFILE_IMAGE_MAX_BYTES / (1024 * 1024);

interface ImageUploadProps {
  /** The current image (or its placeholder), left of the buttons. */
  preview: ReactNode;
  hasImage: boolean;
  /** What the image is called on the buttons: "logo" gives "Upload logo" and "Change logo". */
  noun: string;
  hint: ReactNode;
  pending: boolean;
  /** A chosen file that passed the size check, or null to remove the image. */
  onChange: (file: File | null) => void;
}

/**
 * Upload, change or remove one image (a profile picture, the organisation's logo). Files over the
 * server's limit are refused here, so the user hears why at once instead of after the upload.
 */
export function ImageUpload({ preview, hasImage, noun, hint, pending, onChange }: ImageUploadProps) {
  const choose = (file: File | null) => {
    if (!file) return;
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      notifications.show({
        color: 'red',
        title: 'Image too large',
        message: `Choose an image of at most ${IMAGE_MAX_MB} MB.`,
      });
      return;
    }
    onChange(file);
  };
  return (
    <Group gap="md" wrap="nowrap">
      {preview}
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={choose} accept={PROFILE_IMAGE_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconPhotoUp size={14} aria-hidden="true" />}
                loading={pending}
              >
                {hasImage ? `Change ${noun}` : `Upload ${noun}`}
              </Button>
            )}
          </FileButton>
          {hasImage ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden="true" />}
              onClick={() => onChange(null)}
              disabled={pending}
            >
              Remove
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Group>
  );
}
