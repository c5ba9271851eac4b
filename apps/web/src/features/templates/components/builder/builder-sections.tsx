import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { FieldError } from '@inspecta/contract';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import {
  type BuilderAction,
  type BuilderState,
  canNudge,
  type EditorSection,
  type ProblemIndex,
} from '../../lib/builder-state';
import classes from './builder.module.css';
import { SectionCard } from './section-card';

interface BuilderSectionsProps {
  state: BuilderState;
  dispatch: (action: BuilderAction) => void;
  readOnly: boolean;
  /** Problems are marked on the cards only once the user asked to publish. */
  showProblems: boolean;
  problemIndex: ProblemIndex;
  onRemoveSection: (section: EditorSection) => void;
}

/** The checklist being edited: its section cards, reordered by drag and drop or the keyboard. */
export function BuilderSections({
  state,
  dispatch,
  readOnly,
  showProblems,
  problemIndex,
  onRemoveSection,
}: BuilderSectionsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // Instant scrolling: with the default smooth scroll, an arrow key near the edge of the window
    // announced the item as over its neighbour and then, as the scroll settled, over itself again,
    // so the drop that followed moved nothing.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }),
  );
  const sectionIds = useMemo(() => new Set(state.sections.map((s) => s.uid)), [state.sections]);
  // What a screen reader hears about a dragged or targeted element.
  const labelOf = (id: string | number) => {
    const uid = String(id);
    const sectionIndex = state.sections.findIndex((s) => s.uid === uid);
    if (sectionIndex >= 0) return `section ${state.sections[sectionIndex]!.title || sectionIndex + 1}`;
    for (const section of state.sections) {
      const index = section.items.findIndex((i) => i.uid === uid);
      if (index >= 0)
        return `item ${section.items[index]!.item.label || index + 1}, position ${index + 1} of ${section.items.length} in ${section.title || 'its section'}`;
    }
    return 'the element';
  };
  // Sections drop only among sections; items drop on items, or on a section that has none yet.
  const collisionDetection: CollisionDetection = (args) => {
    const draggingSection = sectionIds.has(String(args.active.id));
    const emptySections = new Set(state.sections.filter((s) => s.items.length === 0).map((s) => s.uid));
    return closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter((container) => {
        const isSection = sectionIds.has(String(container.id));
        return draggingSection ? isSection : !isSection || emptySections.has(String(container.id));
      }),
    });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const activeId = String(active.id);
    const overId = String(over.id);
    if (sectionIds.has(activeId)) {
      const to = state.sections.findIndex((s) => s.uid === overId);
      if (to >= 0) dispatch({ type: 'moveSection', uid: activeId, to });
      return;
    }
    const targetSection = state.sections.find((s) => s.uid === overId);
    if (targetSection) {
      dispatch({
        type: 'moveItem',
        uid: activeId,
        sectionUid: targetSection.uid,
        to: targetSection.items.length,
      });
      return;
    }
    for (const section of state.sections) {
      const to = section.items.findIndex((i) => i.uid === overId);
      if (to >= 0) {
        dispatch({ type: 'moveItem', uid: activeId, sectionUid: section.uid, to });
        return;
      }
    }
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To pick up a section or an item, press Space or Enter. Move it with the arrow keys, press Space or Enter again to drop it, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `${labelOf(active.id)} is over ${labelOf(over.id)}.`
              : `${labelOf(active.id)} is not over a drop place.`,
          onDragEnd: ({ active, over }) =>
            over ? `Dropped ${labelOf(active.id)} at ${labelOf(over.id)}.` : `Dropped ${labelOf(active.id)}.`,
          onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={state.sections.map((s) => s.uid)} strategy={verticalListSortingStrategy}>
        <Stack gap="md" data-testid="builder-sections">
          {state.sections.length === 0 ? (
            <Paper withBorder p="xl" radius="lg" ta="center">
              <Text fw={600}>Start with a section</Text>
              <Text size="sm" c="dimmed">
                Sections group the checks, such as “Visual condition” or “Measurements”.
              </Text>
            </Paper>
          ) : null}
          {state.sections.map((section, index) => (
            <SectionCard
              key={section.uid}
              section={section}
              index={index}
              sectionCount={state.sections.length}
              selected={state.selected}
              readOnly={readOnly}
              sectionProblems={showProblems ? (problemIndex.sections.get(section.uid) ?? []) : []}
              itemProblems={showProblems ? problemIndex.items : new Map<string, FieldError[]>()}
              canNudge={(uid, direction) => canNudge(state, uid, direction)}
              dispatch={dispatch}
              onRemoveSection={onRemoveSection}
            />
          ))}
          {!readOnly ? (
            <Button
              variant="subtle"
              className={classes.addSection}
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              onClick={() => dispatch({ type: 'addSection' })}
            >
              Add section
            </Button>
          ) : null}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
