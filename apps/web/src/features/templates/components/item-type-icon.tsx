import type { ItemType } from '@inspecta/contract';
import { ThemeIcon, type ThemeIconProps } from '@mantine/core';
import {
  type Icon,
  IconAlignLeft,
  IconCalendarEvent,
  IconCamera,
  IconChecklist,
  IconCircleCheck,
  IconHash,
  IconSelector,
  IconSignature,
  IconThumbUp,
} from '@tabler/icons-react';

/** Each item type's icon and colour, the same in the builder, the menus and the comparison. */
export const itemTypeVisual: Record<ItemType, { icon: Icon; color: string }> = {
  pass_fail: { icon: IconCircleCheck, color: 'green' },
  yes_no_na: { icon: IconThumbUp, color: 'teal' },
  text: { icon: IconAlignLeft, color: 'gray' },
  number: { icon: IconHash, color: 'blue' },
  select: { icon: IconSelector, color: 'violet' },
  multi_select: { icon: IconChecklist, color: 'grape' },
  date: { icon: IconCalendarEvent, color: 'orange' },
  photo: { icon: IconCamera, color: 'cyan' },
  signature: { icon: IconSignature, color: 'indigo' },
};

interface ItemTypeIconProps extends Omit<ThemeIconProps, 'children' | 'color'> {
  type: ItemType;
}

export function ItemTypeIcon({ type, size = 32, ...rest }: ItemTypeIconProps) {
  const { icon: IconComponent, color } = itemTypeVisual[type];
  return (
    <ThemeIcon variant="light" color={color} size={size} radius="md" aria-hidden="true" {...rest}>
      <IconComponent size={typeof size === 'number' ? Math.round(size * 0.56) : 18} stroke={1.8} />
    </ThemeIcon>
  );
}
