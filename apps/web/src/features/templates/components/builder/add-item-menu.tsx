import { type ItemType, itemTypes } from '@inspecta/contract';
import { Button, Menu, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { itemTypeInfo } from '../../lib/item-type-info';
import { ItemTypeIcon } from '../item-type-icon';

interface AddItemMenuProps {
  sectionName: string;
  onAdd: (type: ItemType) => void;
}

/** Below this much room under the button, the page scrolls it up before the menu opens. */
const MIN_ROOM_BELOW = 360;

/**
 * "Add item": every answer type with what it is for. The list is taller than a phone's screen: it
 * flipped above the button and its top, "Pass / Fail", went off screen or under the header. Now it
 * always opens below the button (the page first scrolls the button up when too little room is left
 * under it), is cut to the room left (size middleware) and scrolls, and shifts to stay inside.
 */
export function AddItemMenu({ sectionName, onAdd }: AddItemMenuProps) {
  // A chosen type sends the focus to the new item's label (the section does it), so the menu must
  // not hand it back to this button; Escape still does.
  const [returnFocus, setReturnFocus] = useState(true);
  return (
    <Menu
      position="bottom-start"
      width={300}
      withinPortal
      shadow="md"
      returnFocus={returnFocus}
      onOpen={() => setReturnFocus(true)}
      middlewares={{ flip: false, shift: { padding: 8 }, size: { padding: 8 } }}
      styles={{ dropdown: { overflowY: 'auto', maxWidth: 'calc(100vw - 16px)' } }}
    >
      <Menu.Target>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          aria-label={`Add item to ${sectionName}`}
          onClick={(event) => {
            const button = event.currentTarget;
            if (window.innerHeight - button.getBoundingClientRect().bottom < MIN_ROOM_BELOW)
              button.scrollIntoView({ block: 'center' });
          }}
        >
          Add item
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Answer type</Menu.Label>
        {itemTypes.map((type) => (
          <Menu.Item
            key={type}
            leftSection={<ItemTypeIcon type={type} size={30} />}
            onClick={() => {
              setReturnFocus(false);
              onAdd(type);
            }}
          >
            <Text size="sm" fw={600}>
              {itemTypeInfo[type].label}
            </Text>
            <Text size="xs" c="dimmed">
              {itemTypeInfo[type].description}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
