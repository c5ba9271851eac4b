import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { FieldError, ItemType, TemplateItem } from '@inspecta/contract';
import { ActionIcon, Badge, Group, Menu, Stack, Text, TextInput, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconDots,
  IconGripVertical,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { plural } from '@/lib/plural';
import { focusFirstField } from '@/utils/focus-first-field';
import { type BuilderAction, type EditorSection, shortProblem } from '../../lib/builder-state';
import { AddItemMenu } from './add-item-menu';
import classes from './builder.module.css';
import { ItemRow } from './item-row';

interface SectionCardProps {
  section: EditorSection;
  index: number;
  sectionCount: number;
  selected: string | null;
  readOnly: boolean;
  sectionProblems: FieldError[];
  itemProblems: Map<string, FieldError[]>;
  canNudge: (uid: string, direction: -1 | 1) => boolean;
  dispatch: (action: BuilderAction) => void;
  onRemoveSection: (section: EditorSection) => void;
}

/** A section of the checklist as a card: its title, its items and "Add item". */
export function SectionCard({
  section,
  index,
  sectionCount,
  selected,
  readOnly,
  sectionProblems,
  itemProblems,
  canNudge,
  dispatch,
  onRemoveSection,
}: SectionCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: section.uid,
      data: { kind: 'section' },
      disabled: readOnly,
    });
  const name = section.title.trim() || `Section ${index + 1}`;
  // Set by "Add item": once the new item (selected by the reducer) shows its editor, its label
  // field takes the focus, so the author types the question at once and a screen reader hears it.
  const focusNewItem = useRef(false);
  useEffect(() => {
    if (!focusNewItem.current || !selected) return;
    const editor = document.getElementById(`editor-${selected}`);
    if (!editor) return;
    focusNewItem.current = false;
    focusFirstField(editor);
  });
  const titleProblem = sectionProblems.find((p) => p.field.endsWith('.title'));
  const otherProblems = sectionProblems.filter((p) => p !== titleProblem);

  return (
    <section
      ref={setNodeRef}
      className={classes.section}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-dragging={isDragging}
      data-invalid={sectionProblems.length > 0}
      data-testid="builder-section"
      aria-label={name}
    >
      <div className={classes.sectionHeader}>
        {!readOnly ? (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            className={classes.handle}
            aria-label={`Drag to reorder section: ${name}`}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} aria-hidden="true" />
          </ActionIcon>
        ) : null}
        <ThemeIcon
          size={26}
          radius="xl"
          variant="filled"
          className={classes.sectionNumber}
          aria-hidden="true"
        >
          <Text size="xs" fw={700}>
            {index + 1}
          </Text>
        </ThemeIcon>
        <TextInput
          className={classes.sectionTitle}
          variant="unstyled"
          aria-label={`Section ${index + 1} title`}
          placeholder="Section title, e.g. Visual condition"
          value={section.title}
          onChange={(e) =>
            dispatch({ type: 'updateSectionTitle', uid: section.uid, title: e.currentTarget.value })
          }
          error={titleProblem ? shortProblem(titleProblem.message) : undefined}
          readOnly={readOnly}
        />
        <Badge variant="light" color="gray" c="gray.8" radius="sm" style={{ flexShrink: 0 }}>
          {plural(section.items.length, 'item')}
        </Badge>
        {!readOnly ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Tooltip label="Section actions" withArrow>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for section ${name}`}>
                  <IconDots size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconArrowUp size={16} aria-hidden="true" />}
                disabled={index === 0}
                onClick={() => dispatch({ type: 'moveSection', uid: section.uid, to: index - 1 })}
              >
                Move section up
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArrowDown size={16} aria-hidden="true" />}
                disabled={index === sectionCount - 1}
                onClick={() => dispatch({ type: 'moveSection', uid: section.uid, to: index + 1 })}
              >
                Move section down
              </Menu.Item>
              <Menu.Item
                leftSection={<IconCopy size={16} aria-hidden="true" />}
                onClick={() => dispatch({ type: 'duplicateSection', uid: section.uid })}
              >
                Duplicate section
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={() => onRemoveSection(section)}
              >
                Delete section
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </div>
      <div className={classes.items}>
        {otherProblems.map((p) => (
          <Text key={p.field + p.message} size="xs" c="red.7" px={4}>
            {shortProblem(p.message)}
          </Text>
        ))}
        <SortableContext items={section.items.map((i) => i.uid)} strategy={verticalListSortingStrategy}>
          {section.items.length === 0 ? (
            <Stack className={classes.emptySection} gap={4} align="center">
              <Text size="sm" fw={500}>
                This section is empty
              </Text>
              <Text size="xs" c="dimmed">
                Add the checks an inspector makes here, or drag items in from another section.
              </Text>
            </Stack>
          ) : null}
          {section.items.map((entry, itemIndex) => (
            <ItemRow
              key={entry.uid}
              entry={entry}
              number={`${index + 1}.${itemIndex + 1}`}
              selected={selected === entry.uid}
              problems={itemProblems.get(entry.uid) ?? []}
              readOnly={readOnly}
              canMoveUp={canNudge(entry.uid, -1)}
              canMoveDown={canNudge(entry.uid, 1)}
              onSelect={(uid) => dispatch({ type: 'select', uid })}
              onChange={(changes: Partial<TemplateItem>) =>
                dispatch({ type: 'updateItem', uid: entry.uid, changes })
              }
              onTypeChange={(itemType: ItemType) =>
                dispatch({ type: 'changeItemType', uid: entry.uid, itemType })
              }
              onKeyChange={(key) => dispatch({ type: 'setItemKey', uid: entry.uid, key })}
              onMove={(direction) => dispatch({ type: 'nudgeItem', uid: entry.uid, direction })}
              onDuplicate={() => dispatch({ type: 'duplicateItem', uid: entry.uid })}
              onRemove={() => dispatch({ type: 'removeItem', uid: entry.uid })}
            />
          ))}
        </SortableContext>
        {!readOnly ? (
          <Group mt={4}>
            <AddItemMenu
              sectionName={name}
              onAdd={(itemType) => {
                focusNewItem.current = true;
                dispatch({ type: 'addItem', sectionUid: section.uid, itemType });
              }}
            />
          </Group>
        ) : null}
      </div>
    </section>
  );
}
