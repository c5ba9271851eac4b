import { type ItemType, itemTypes } from '@inspecta/contract';
import { Button, Menu, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { itemTypeInfo } from '../../lib/item-type-info';
import { ItemTypeIcon } from '../item-type-icon';

interface AddItemMenuProps {
  sectionName: string;
  onAdd: (type: ItemType) => void;
}

/** "Add item": every answer type with what it is for. */
export function AddItemMenu({ sectionName, onAdd }: AddItemMenuProps) {
  return (
    <Menu position="bottom-start" width={300} withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          aria-label={`Add item to ${sectionName}`}
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
            onClick={() => onAdd(type)}
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
