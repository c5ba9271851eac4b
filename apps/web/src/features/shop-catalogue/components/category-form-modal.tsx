import {
  type CategoryCreateBody,
  categoryCreateBodySchema,
  type ProductCategory,
  type ProductCategoryTreeNode,
} from '@inspecta/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { categoryOptions } from './category-select';

interface FormValues {
  name: string;
  /** The parent's id as the select holds it; '' for the top level. */
  parentId: string;
}

const toBody = (values: FormValues): CategoryCreateBody => ({
  name: values.name,
  parentId: values.parentId === '' ? null : Number(values.parentId),
});

const validateBody = zod4Resolver(categoryCreateBodySchema);

/** What the dialog does: add (maybe under a parent), rename, or move. */
export type CategoryDialog =
  | { mode: 'create'; parentId: number | null }
  | { mode: 'rename'; category: ProductCategory }
  | { mode: 'move'; category: ProductCategory };

interface CategoryFormModalProps {
  dialog: CategoryDialog | null;
  tree: ProductCategoryTreeNode[];
  onClose: () => void;
}

const TITLES = { create: 'Add category', rename: 'Rename category', move: 'Move category' } as const;
const DONE = { create: 'Category added', rename: 'Category renamed', move: 'Category moved' } as const;

/** Add, rename or move a category of the two-level tree. */
export function CategoryFormModal({ dialog, tree, onClose }: CategoryFormModalProps) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { name: '', parentId: '' },
    validate: (values) => validateBody(toBody(values) as never),
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens.
  useEffect(() => {
    if (!dialog) return;
    if (dialog.mode === 'create') {
      form.setValues({ name: '', parentId: dialog.parentId ? String(dialog.parentId) : '' });
    } else {
      form.setValues({
        name: dialog.category.name,
        parentId: dialog.category.parentId ? String(dialog.category.parentId) : '',
      });
    }
    form.resetDirty();
    form.clearErrors();
    setFailure(null);
  }, [dialog]);

  const category = dialog && dialog.mode !== 'create' ? dialog.category : null;
  const parentOptions = [
    { value: '', label: 'None (top level)' },
    ...categoryOptions(tree, { topLevelOnly: true, ...(category ? { exclude: category.id } : {}) }),
  ];
  const hasChildren = (category?.childCount ?? 0) > 0;

  const handleSubmit = form.onSubmit(async (values) => {
    if (!dialog) return;
    setFailure(null);
    try {
      const body = toBody(values);
      const result =
        dialog.mode === 'create'
          ? await create.mutateAsync(body)
          : await update.mutateAsync({
              id: dialog.category.id,
              body: dialog.mode === 'rename' ? { name: body.name } : { parentId: body.parentId ?? null },
            });
      notifications.show({ color: 'teal', title: DONE[dialog.mode], message: result.category.name });
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        form.setErrors(error.fieldErrors());
        setFailure(error.message);
      } else setFailure('Something went wrong. Please try again.');
    }
  });

  const title = dialog ? (category ? `${TITLES[dialog.mode]} ${category.name}` : TITLES[dialog.mode]) : '';
  const showName = dialog?.mode !== 'move';
  const showParent = dialog?.mode !== 'rename';

  return (
    <Modal
      opened={dialog !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={title}
      centered
    >
      <form onSubmit={handleSubmit} noValidate aria-label={dialog ? TITLES[dialog.mode] : undefined}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : null}
          {showName ? (
            <TextInput
              label="Name"
              placeholder="e.g. Extinguisher refills"
              withAsterisk
              data-autofocus
              {...form.getInputProps('name')}
            />
          ) : null}
          {showParent ? (
            <>
              <Select
                label="Parent category"
                description="Categories nest two levels deep: a subcategory sits under a top-level one"
                data={parentOptions}
                allowDeselect={false}
                searchable
                disabled={hasChildren}
                {...form.getInputProps('parentId')}
              />
              {hasChildren ? (
                <Text size="xs" c="dimmed">
                  {category?.name} has subcategories, so it stays at the top level.
                </Text>
              ) : null}
            </>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              disabled={hasChildren && dialog?.mode === 'move'}
            >
              {dialog?.mode === 'create' ? 'Add category' : dialog?.mode === 'move' ? 'Move' : 'Rename'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
