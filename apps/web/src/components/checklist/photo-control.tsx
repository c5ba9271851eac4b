import { ActionIcon, Box, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhoto, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import classes from './checklist.module.css';
import { shrinkImage } from './shrink-image';
import type { ChecklistUploads } from './uploads';

interface PhotoControlProps {
  labelId: string;
  label: string;
  photos: string[];
  onChange: (photos: string[]) => void;
  uploads?: ChecklistUploads;
}

function uploadFailure(error: unknown): string {
  const reason = error instanceof Error && error.message ? error.message : 'The upload failed.';
  return `Could not add the photo. ${reason}`;
}

/**
 * Photos of one item: taken with the camera or chosen from the device, uploaded at once, shown as
 * thumbnails that can be removed. Without `uploads` (the builder's preview) it adds placeholders.
 */
export function PhotoControl({ labelId, label, photos, onChange, uploads }: PhotoControlProps) {
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // Uploads finish one by one; each appends to the latest list, not the one it started from.
  const latest = useRef(photos);
  latest.current = photos;

  if (!uploads) {
    return (
      <Group gap="xs">
        {photos.map((photo, index) => (
          <Box key={photo} className={classes.photo}>
            <IconCamera size={20} aria-hidden="true" />
            <Text size="xs">Photo {index + 1}</Text>
            <ActionIcon
              size="xs"
              variant="filled"
              color="dark"
              radius="xl"
              className={classes.photoRemove}
              aria-label={`Remove photo ${index + 1}`}
              onClick={() => onChange(photos.filter((p) => p !== photo))}
            >
              <IconX size={12} aria-hidden="true" />
            </ActionIcon>
          </Box>
        ))}
        <Button
          variant="default"
          className={classes.addPhoto}
          leftSection={<IconCamera size={16} aria-hidden="true" />}
          onClick={() => onChange([...photos, `preview-photo-${Date.now()}`])}
          aria-describedby={labelId}
        >
          Add photo
        </Button>
      </Group>
    );
  }

  const room = uploads.maxPhotos - photos.length - pending;

  const add = async (files: File[]) => {
    const chosen = files.slice(0, Math.max(0, room));
    if (!chosen.length) return;
    setError(null);
    setPending((n) => n + chosen.length);
    for (const file of chosen) {
      try {
        const url = await uploads.upload(await shrinkImage(file), file.name || 'photo.jpg');
        latest.current = [...latest.current, url];
        onChange(latest.current);
      } catch (uploadError) {
        setError(uploadFailure(uploadError));
      } finally {
        setPending((n) => n - 1);
      }
    }
  };

  return (
    <Stack gap="xs">
      {photos.length || pending ? (
        <Group gap="sm" data-testid="photo-thumbnails">
          {photos.map((photo, index) => (
            <Box key={photo} className={classes.thumb}>
              <img src={photo} alt={`${index + 1} of ${photos.length}: ${label}`} loading="lazy" />
              <ActionIcon
                size={30}
                variant="filled"
                color="dark"
                radius="xl"
                className={classes.photoRemove}
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => onChange(photos.filter((p) => p !== photo))}
              >
                <IconX size={16} aria-hidden="true" />
              </ActionIcon>
            </Box>
          ))}
          {Array.from({ length: pending }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of uploads in flight have no identity
            <Box key={`pending-${i}`} className={classes.thumb}>
              <Loader size="sm" aria-label="Uploading photo" />
            </Box>
          ))}
        </Group>
      ) : null}
      <Group gap="xs" grow>
        <FileButton onChange={add} accept="image/*" capture="environment" multiple disabled={room <= 0}>
          {(props) => (
            <Button
              {...props}
              size="md"
              variant="light"
              leftSection={<IconCamera size={18} aria-hidden="true" />}
              aria-describedby={labelId}
              data-testid="photo-take"
            >
              Take photo
            </Button>
          )}
        </FileButton>
        <FileButton onChange={add} accept="image/*" multiple disabled={room <= 0}>
          {(props) => (
            <Button
              {...props}
              size="md"
              variant="default"
              leftSection={<IconPhoto size={18} aria-hidden="true" />}
              aria-describedby={labelId}
              data-testid="photo-choose"
            >
              Choose file
            </Button>
          )}
        </FileButton>
      </Group>
      {room <= 0 && !pending ? (
        <Text size="xs" c="dimmed">
          At most {uploads.maxPhotos} photos per item.
        </Text>
      ) : null}
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
