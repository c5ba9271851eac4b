import { Image, ThemeIcon } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';

/** A product's main image as a small square, or a quiet placeholder when it has none. */
export function ProductThumb({
  url,
  name,
  size = 40,
}: {
  url: string | null | undefined;
  name: string;
  size?: number;
}) {
  if (!url) {
    return (
      <ThemeIcon variant="light" color="gray" size={size} radius="sm" aria-hidden="true">
        <IconPackage size={Math.round(size * 0.55)} stroke={1.5} />
      </ThemeIcon>
    );
  }
  return (
    <Image
      src={url}
      alt={name}
      w={size}
      h={size}
      radius="sm"
      fit="cover"
      style={{ flexShrink: 0, border: '1px solid var(--mantine-color-gray-3)' }}
    />
  );
}
