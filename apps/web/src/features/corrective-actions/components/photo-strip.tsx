import { ActionIcon, Anchor, Group, Image, Modal, Stack, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';

/** Thumbnails that open a larger view, with previous / next when there are several. */
export function PhotoStrip({ urls, title, testId }: { urls: string[]; title: string; testId?: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (urls.length === 0) return null;
  const count = urls.length;
  const url = open === null ? undefined : urls[open];
  return (
    <>
      <Group gap="xs" data-testid={testId}>
        {urls.map((u, index) => (
          <UnstyledButton
            key={u}
            onClick={() => setOpen(index)}
            aria-label={`Open photo ${index + 1} of ${count} (${title}) larger`}
            style={{
              borderRadius: 'var(--mantine-radius-sm)',
              border: '1px solid var(--mantine-color-gray-3)',
              background: 'white',
              overflow: 'hidden',
              lineHeight: 0,
            }}
          >
            <Image src={u} alt={`${title}, photo ${index + 1}`} w={88} h={88} fit="cover" loading="lazy" />
          </UnstyledButton>
        ))}
      </Group>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={`${title}${count > 1 && open !== null ? ` (${open + 1} of ${count})` : ''}`}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {url && open !== null ? (
          <Stack gap="sm">
            <Image
              src={url}
              alt={`${title}, photo ${open + 1} of ${count}`}
              fit="contain"
              mah="70vh"
              bg="gray.0"
            />
            {count > 1 ? (
              <Group justify="center" gap="sm">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label="Previous photo"
                  onClick={() => setOpen((open - 1 + count) % count)}
                >
                  <IconChevronLeft size={18} aria-hidden="true" />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label="Next photo"
                  onClick={() => setOpen((open + 1) % count)}
                >
                  <IconChevronRight size={18} aria-hidden="true" />
                </ActionIcon>
              </Group>
            ) : null}
            <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" ta="center">
              Open the full-size image in a new tab
            </Anchor>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
