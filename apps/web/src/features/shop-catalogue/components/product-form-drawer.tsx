import { gstRates, type Product, productUnitLabels, productUnits } from '@inspecta/contract';
import {
  Alert,
  Button,
  Drawer,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { shopProductPath } from '@/config/paths';
import { useEquipmentTypeOptions } from '@/features/equipment-types';
import { isApiError } from '@/lib/api-client';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import {
  EMPTY_PRODUCT_FORM,
  type ProductFormValues,
  productBody,
  productFormValues,
  validateProductForm,
} from '../lib/product-form';
import { CategorySelect } from './category-select';

const UNIT_OPTIONS = productUnits.map((unit) => ({ value: unit, label: productUnitLabels[unit] }));
const GST_OPTIONS = gstRates.map((rate) => ({ value: String(rate), label: `${rate} %` }));

interface ProductFormDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The product to edit; none adds a new one (and opens its page once saved). */
  product: Product | null;
}

/** Add or edit a product: prices typed in rupees, checked with the shared schema, sent in paise. */
export function ProductFormDrawer({ opened, onClose, product }: ProductFormDrawerProps) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const navigate = useNavigate();
  const equipmentTypes = useEquipmentTypeOptions();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProductFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_PRODUCT_FORM,
    validate: validateProductForm,
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the drawer opens for a product.
  useEffect(() => {
    if (!opened) return;
    form.setValues(product ? productFormValues(product) : EMPTY_PRODUCT_FORM);
    form.resetDirty();
    form.clearErrors();
    setFailure(null);
  }, [opened, product]);

  const submitting = create.isPending || update.isPending;
  const handleSubmit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const body = productBody(values);
      if (product) {
        const result = await update.mutateAsync({ id: product.id, body });
        notifications.show({ color: 'teal', title: 'Product saved', message: result.product.name });
        onClose();
      } else {
        const result = await create.mutateAsync(body);
        notifications.show({ color: 'teal', title: 'Product added', message: result.product.name });
        onClose();
        await navigate(shopProductPath(result.product.id));
      }
    } catch (error) {
      if (isApiError(error)) {
        const fieldErrors = error.fieldErrors();
        if (fieldErrors.pricePaise) fieldErrors.price = fieldErrors.pricePaise;
        form.setErrors(fieldErrors);
        setFailure(error.message);
      } else setFailure('Something went wrong. Please try again.');
    }
  });

  const typeOptions = (equipmentTypes.data?.equipmentTypes ?? []).map((type) => ({
    value: String(type.id),
    label: type.name,
  }));

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={product ? `Edit ${product.name}` : 'Add product'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={handleSubmit} noValidate aria-label={product ? 'Edit product' : 'Add product'}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="SKU"
              placeholder="e.g. FE-ABC-6KG-RF"
              description="Letters, digits and - _ . / (unique)"
              withAsterisk
              data-autofocus
              autoCapitalize="characters"
              {...form.getInputProps('sku')}
            />
            <CategorySelect
              label="Category"
              description="Where the product is listed"
              placeholder="Choose a category"
              withAsterisk
              {...form.getInputProps('categoryId')}
              value={form.values.categoryId || null}
              onChange={(value) => form.setFieldValue('categoryId', value ?? '')}
            />
          </SimpleGrid>
          <TextInput
            label="Name"
            placeholder="e.g. ABC powder refill, 6 kg"
            withAsterisk
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Price (₹)"
              description="Price of one unit before GST, in rupees"
              placeholder="e.g. 1250.50"
              inputMode="decimal"
              withAsterisk
              leftSection={<span aria-hidden="true">₹</span>}
              {...form.getInputProps('price')}
            />
            <Select
              label="Unit"
              description="What one quantity counts"
              data={UNIT_OPTIONS}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('unit')}
            />
            <TextInput
              label="HSN code"
              description="4, 6 or 8 digits"
              placeholder="e.g. 8424"
              inputMode="numeric"
              withAsterisk
              {...form.getInputProps('hsnCode')}
            />
            <Select
              label="GST rate"
              description="Tax charged on the price"
              data={GST_OPTIONS}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('gstRate')}
            />
            <NumberInput
              label="Reorder level"
              description="At or below this many available, the product is low on stock"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('reorderLevel')}
            />
          </SimpleGrid>
          <MultiSelect
            label="Fits equipment types"
            description="So a site's equipment can suggest this part"
            placeholder={form.values.equipmentTypeIds.length ? undefined : 'None'}
            data={typeOptions}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': 'Clear equipment types' }}
            nothingFoundMessage="No equipment type matches"
            {...form.getInputProps('equipmentTypeIds')}
          />
          <Textarea
            label="Description"
            placeholder="What it is and what it fits"
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              {product ? 'Save changes' : 'Add product'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
