import type { SavedView, SavedViewList } from '@inspecta/contract';
import { Badge, Button, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconBookmark,
  IconCheck,
  IconDeviceFloppy,
  IconPencil,
  IconPlus,
  IconStar,
  IconStarOff,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  setColumnOrder,
  setHiddenColumns,
  useColumnOrder,
  useHiddenColumns,
} from '@/components/list-screen/column-choice';
import { isApiError } from '@/lib/api-client';
import { useClearDefaultView } from '../api/clear-default-view';
import { useCreateSavedView } from '../api/create-saved-view';
import { useDeleteSavedView } from '../api/delete-saved-view';
import { useSavedViews } from '../api/get-saved-views';
import { useSetDefaultView } from '../api/set-default-view';
import { useUpdateSavedView } from '../api/update-saved-view';
import { applyViewState, currentViewState, hasViewParams, sameViewState } from '../lib/view-state';
import { ViewFormModal } from './view-form-modal';

/** The view chosen last on each list, kept for this tab (session storage) so a reload keeps it. */
const chosenViews = {
  key: (list: SavedViewList) => `saved_view_${list}`,
  get(list: SavedViewList): number | null {
    try {
      return Number(window.sessionStorage.getItem(this.key(list))) || null;
    } catch {
      return null;
    }
  },
  set(list: SavedViewList, id: number | null): void {
    try {
      if (id === null) window.sessionStorage.removeItem(this.key(list));
      else window.sessionStorage.setItem(this.key(list), String(id));
    } catch {
      // Storage refused (private mode): the choice lasts as long as the screen.
    }
  },
};

/**
 * The "Views" control of a list screen (issue 21): choose a saved view (its filters and sort go
 * into the URL, its hidden columns into the list's column choice), save the list as it is now as a
 * new view (optionally shared with the other administrators), and update, rename, share or delete
 * the chosen view when it is one's own. The button names the chosen view and says "changed" once
 * the list no longer matches it. The caller's default view of the list, if any, is applied when the
 * list opens with no filter or sort in its address.
 */
export function SavedViewsMenu({ list }: { list: SavedViewList }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const hidden = useHiddenColumns(list);
  const order = useColumnOrder(list);
  const views = useSavedViews(list);
  const setDefault = useSetDefaultView();
  const clearDefault = useClearDefaultView();
  const createView = useCreateSavedView();
  const updateView = useUpdateSavedView();
  const deleteView = useDeleteSavedView();
  const [chosenId, setChosenId] = useState<number | null>(() => chosenViews.get(list));
  const [form, setForm] = useState<'create' | 'edit' | null>(null);

  const all = views.data?.views ?? [];
  const state = currentViewState(list, searchParams, hidden, order);
  // The chosen view, else one the list matches exactly (a link to a view's list), which then
  // stays chosen, so changing a filter shows it "changed" rather than forgetting it.
  const matching = all.find((v) => sameViewState(list, v.state, state)) ?? null;
  const active = all.find((v) => v.id === chosenId) ?? matching;
  const changed = active !== null && !sameViewState(list, active.state, state);
  const defaultView = all.find((v) => v.id === views.data?.defaultViewId) ?? null;
  const mine = all.filter((v) => v.mine);
  const shared = all.filter((v) => !v.mine);

  const choose = (view: SavedView | null) => {
    chosenViews.set(list, view?.id ?? null);
    setChosenId(view?.id ?? null);
  };
  const matchingId = matching?.id;
  const chosenExists = all.some((v) => v.id === chosenId);
  useEffect(() => {
    if (!chosenExists && matchingId !== undefined) {
      chosenViews.set(list, matchingId);
      setChosenId(matchingId);
    }
  }, [chosenExists, matchingId, list]);
  const apply = (view: SavedView, options?: { replace: boolean }) => {
    choose(view);
    setHiddenColumns(list, view.state.hiddenColumns);
    setColumnOrder(list, view.state.columnOrder);
    setSearchParams(applyViewState(list, searchParams, view.state), options);
  };
  // Opening the list with nothing in its address applies the default view, once: clearing the
  // filters afterwards shows the whole list, as it did before there were defaults. The address is
  // replaced, so Back leaves the list rather than returning to it without its view.
  const openedBare = useRef(!hasViewParams(list, searchParams));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first answer counts; `apply` and the default are read from it
  useEffect(() => {
    if (!openedBare.current || !views.data) return;
    openedBare.current = false;
    if (defaultView) apply(defaultView, { replace: true });
  }, [views.data]);
  const failed = (title: string, error: unknown) =>
    notifications.show({
      color: 'red',
      title,
      message: isApiError(error) ? error.message : 'Please try again.',
      autoClose: 8000,
    });

  const makeDefault = async (view: SavedView) => {
    try {
      const result = await setDefault.mutateAsync({ list, viewId: view.id });
      notifications.show({
        color: 'teal',
        title: result.message,
        message: 'It applies when you open the list without filters.',
      });
    } catch (error) {
      failed('Could not make it your default', error);
    }
  };
  const removeDefault = async () => {
    try {
      const result = await clearDefault.mutateAsync(list);
      notifications.show({
        color: 'teal',
        title: result.message,
        message: 'The list itself does not change.',
      });
    } catch (error) {
      failed('Could not clear the default', error);
    }
  };

  const updateState = async (view: SavedView) => {
    try {
      const result = await updateView.mutateAsync({ id: view.id, state });
      notifications.show({
        color: 'teal',
        title: result.message,
        message: 'It now shows the list as it is.',
      });
    } catch (error) {
      failed('Could not update the view', error);
    }
  };
  const confirmDelete = (view: SavedView) =>
    modals.openConfirmModal({
      title: `Delete the view “${view.name}”?`,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Text size="sm">
          {view.shared
            ? 'The other administrators lose it too. The list itself does not change.'
            : 'The list itself does not change.'}
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'view-delete-confirm' } as never,
      onConfirm: async () => {
        try {
          const result = await deleteView.mutateAsync(view.id);
          choose(null);
          notifications.show({ color: 'teal', title: result.message, message: 'The list stays as it is.' });
        } catch (error) {
          failed('Could not delete the view', error);
        }
      },
    });

  const item = (view: SavedView) => (
    <Menu.Item
      key={view.id}
      onClick={() => apply(view)}
      leftSection={
        view.id === active?.id ? <IconCheck size={14} aria-hidden="true" /> : <span style={{ width: 14 }} />
      }
      rightSection={
        <>
          {view.id === defaultView?.id ? (
            <Badge size="xs" variant="light" color="yellow" data-testid="saved-view-default-badge">
              Default
            </Badge>
          ) : null}
          {view.mine && view.shared ? (
            <Badge size="xs" variant="light" ml={4}>
              Shared
            </Badge>
          ) : null}
        </>
      }
      aria-current={view.id === active?.id ? 'true' : undefined}
      data-testid="saved-view-option"
    >
      {view.name}
      {view.mine ? null : (
        <Text span size="xs" c="dimmed" display="block">
          by {view.owner.name}
        </Text>
      )}
    </Menu.Item>
  );

  return (
    <>
      <Menu
        position="bottom-start"
        shadow="md"
        width={280}
        withinPortal
        hideDetached={false}
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <Button
            variant={active ? 'light' : 'default'}
            leftSection={<IconBookmark size={16} aria-hidden="true" />}
            rightSection={
              changed ? (
                <Badge size="xs" color="orange" variant="filled" data-testid="saved-view-changed">
                  changed
                </Badge>
              ) : null
            }
            data-testid="saved-views-toggle"
            maw={240}
          >
            <Text span size="sm" fw={500} truncate="end">
              {active ? `View: ${active.name}` : 'Views'}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="saved-views-menu">
          <Menu.Label>My views</Menu.Label>
          {mine.length ? (
            mine.map(item)
          ) : (
            <Menu.Item disabled>{views.isPending ? 'Loading…' : 'None saved yet'}</Menu.Item>
          )}
          {shared.length ? (
            <>
              <Menu.Label>Shared by other administrators</Menu.Label>
              {shared.map(item)}
            </>
          ) : null}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => setForm('create')}
            data-testid="saved-view-save"
          >
            Save view…
          </Menu.Item>
          {active?.mine ? (
            <>
              <Menu.Item
                leftSection={<IconDeviceFloppy size={14} aria-hidden="true" />}
                disabled={!changed}
                onClick={() => void updateState(active)}
                data-testid="saved-view-update"
              >
                Update “{active.name}”
              </Menu.Item>
              <Menu.Item
                leftSection={<IconPencil size={14} aria-hidden="true" />}
                onClick={() => setForm('edit')}
                data-testid="saved-view-edit"
              >
                Rename or share…
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} aria-hidden="true" />}
                onClick={() => confirmDelete(active)}
                data-testid="saved-view-delete"
              >
                Delete “{active.name}”
              </Menu.Item>
            </>
          ) : null}
          {active && active.id !== defaultView?.id ? (
            <Menu.Item
              leftSection={<IconStar size={14} aria-hidden="true" />}
              onClick={() => void makeDefault(active)}
              data-testid="saved-view-make-default"
            >
              Open the list with “{active.name}”
            </Menu.Item>
          ) : null}
          {defaultView ? (
            <Menu.Item
              leftSection={<IconStarOff size={14} aria-hidden="true" />}
              onClick={() => void removeDefault()}
              data-testid="saved-view-clear-default"
            >
              Clear default
              <Text span size="xs" c="dimmed" display="block">
                Opens with “{defaultView.name}” now
              </Text>
            </Menu.Item>
          ) : null}
          {active ? (
            <Menu.Item leftSection={<IconX size={14} aria-hidden="true" />} onClick={() => choose(null)}>
              Leave this view
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <ViewFormModal
        opened={form !== null}
        onClose={() => setForm(null)}
        title={form === 'edit' ? 'Rename or share the view' : 'Save the list as a view'}
        submitLabel={form === 'edit' ? 'Save' : 'Save view'}
        initial={
          form === 'edit' && active
            ? { name: active.name, shared: active.shared }
            : { name: '', shared: false }
        }
        onSubmit={async (values) => {
          if (form === 'edit' && active) {
            const result = await updateView.mutateAsync({ id: active.id, ...values });
            notifications.show({ color: 'teal', title: result.message, message: result.view.name });
          } else {
            const result = await createView.mutateAsync({ list, state, ...values });
            choose(result.view);
            notifications.show({
              color: 'teal',
              title: result.message,
              message: values.shared ? 'The other administrators can apply it too.' : 'Only you see it.',
            });
          }
        }}
      />
    </>
  );
}
