import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { FieldError, ItemType, TemplateItem } from '@inspecta/contract';
import { ActionIcon, Badge, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconCopy,
  IconDotsVertical,
  IconGripVertical,
  IconTrash,
} from '@tabler/icons-react';
import type { EditorItem } from '../../lib/builder-state';
import { describeFailureRule, itemTypeInfo } from '../../lib/item-type-info';
import { ItemTypeIcon } from '../item-type-icon';
import classes from './builder.module.css';
import { ItemEditor } from './item-editor';

export interface ItemRowProps {
  entry: EditorItem;
  number: string;
  selected: boolean;
  problems: FieldError[];
  readOnly: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onSelect: (uid: string | null) => void;
  onChange: (changes: Partial<TemplateItem>) => void;
  onTypeChange: (type: ItemType) => void;
  onKeyChange: (key: string) => void;
  onMove: (direction: -1 | 1) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

export function itemName(item: TemplateItem, number: string): string {
  return item.label.trim() || `item ${number}`;
}

/** One checklist item: a summary row (drag handle, type, label, rule) that opens its editing panel. */
export function ItemRow({
  entry,
  number,
  selected,
  problems,
  readOnly,
  canMoveUp,
  canMoveDown,
  onSelect,
  onChange,
  onTypeChange,
  onKeyChange,
  onMove,
  onDuplicate,
  onRemove,
}: ItemRowProps) {
  const { item } = entry;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: entry.uid,
      data: { kind: 'item' },
      disabled: readOnly,
    });
  const name = itemName(item, number);
  const rule = describeFailureRule(item);
  const editorId = `editor-${entry.uid}`;

  return (
    <div
      ref={setNodeRef}
      className={classes.item}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-selected={selected}
      data-invalid={problems.length > 0}
      data-dragging={isDragging}
      data-testid="builder-item"
      data-item-key={item.key}
    >
      <div className={classes.itemRow}>
        {!readOnly ? (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            className={classes.handle}
            aria-label={`Drag to reorder: ${name}`}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} aria-hidden="true" />
          </ActionIcon>
        ) : null}
        <ItemTypeIcon type={item.type} size={34} />
        <UnstyledButton
          className={classes.itemSummary}
          onClick={() => onSelect(selected ? null : entry.uid)}
          aria-expanded={selected}
          aria-controls={selected ? editorId : undefined}
          data-testid="item-summary"
        >
          <Group gap={6} wrap="nowrap">
            <Text
              size="sm"
              fw={600}
              // Two lines: on a phone one line leaves a question two or three words.
              lineClamp={2}
              c={item.label.trim() ? undefined : 'dimmed'}
              fs={item.label.trim() ? undefined : 'italic'}
            >
              <Text span c="dimmed" fw={500} mr={6}>
                {number}
              </Text>
              {item.label.trim() || 'Untitled question'}
            </Text>
            {problems.length ? (
              <Badge
                color="red"
                c="red.9"
                size="xs"
                variant="light"
                leftSection={<IconAlertCircle size={10} aria-hidden="true" />}
              >
                {problems.length} to fix
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {[
              itemTypeInfo[item.type].label,
              item.required ? 'Required' : 'Optional',
              rule,
              item.type === 'number' && item.unit ? item.unit : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </UnstyledButton>
        <div className={classes.itemActions}>
          {!readOnly ? (
            <>
              {/* Wide screens: a row of icons. Narrow ones (CSS): one "Item actions" menu, so the
                  label keeps the width to be read. */}
              <div className={classes.wideActions}>
                <Tooltip label="Move up" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move up: ${name}`}
                    onClick={() => onMove(-1)}
                    disabled={!canMoveUp}
                  >
                    <IconArrowUp size={16} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Move down" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move down: ${name}`}
                    onClick={() => onMove(1)}
                    disabled={!canMoveDown}
                  >
                    <IconArrowDown size={16} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Duplicate" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Duplicate: ${name}`}
                    onClick={onDuplicate}
                  >
                    <IconCopy size={16} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Remove" withArrow>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove: ${name}`} onClick={onRemove}>
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </div>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    className={classes.narrowActions}
                    aria-label={`Item actions: ${name}`}
                  >
                    <IconDotsVertical size={18} aria-hidden="true" />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconArrowUp size={16} aria-hidden="true" />}
                    disabled={!canMoveUp}
                    onClick={() => onMove(-1)}
                  >
                    Move up
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconArrowDown size={16} aria-hidden="true" />}
                    disabled={!canMoveDown}
                    onClick={() => onMove(1)}
                  >
                    Move down
                  </Menu.Item>
                  <Menu.Item leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={onDuplicate}>
                    Duplicate
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden="true" />}
                    onClick={onRemove}
                  >
                    Remove
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </>
          ) : null}
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={selected ? `Close editor: ${name}` : `Edit: ${name}`}
            onClick={() => onSelect(selected ? null : entry.uid)}
          >
            {selected ? (
              <IconChevronDown size={16} aria-hidden="true" />
            ) : (
              <IconChevronRight size={16} aria-hidden="true" />
            )}
          </ActionIcon>
        </div>
      </div>
      {selected ? (
        <div id={editorId}>
          <ItemEditor
            item={item}
            problems={problems}
            readOnly={readOnly}
            onChange={onChange}
            onTypeChange={onTypeChange}
            onKeyChange={onKeyChange}
          />
        </div>
      ) : null}
    </div>
  );
}
