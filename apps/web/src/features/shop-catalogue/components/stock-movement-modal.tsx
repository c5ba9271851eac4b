import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useCreateStockMovement } from '../api/create-stock-movement';
import { formatQuantity } from '../lib/money';
import {
  EMPTY_STOCK_FORM,
  type StockAction,
  type StockFormValues,
  type StockTarget,
  stockBody,
  validateStockForm,
} from '../lib/stock-form';

const TITLES: Record<StockAction, string> = {
  receive: 'Receive stock',
  adjust: 'Adjust stock',
  write_off: 'Write off stock',
};

const DONE: Record<StockAction, string> = {
  receive: 'Stock received',
  adjust: 'Stock adjusted',
  write_off: 'Stock written off',
};

const SUBMIT: Record<StockAction, string> = {
  receive: 'Receive',
  adjust: 'Adjust',
  write_off: 'Write off',
};

interface StockMovementModalProps {
  /** The action, or null when closed. */
  action: StockAction | null;
  product: StockTarget | null;
  onClose: () => void;
}

/**
 * Receive, adjust or write off stock of one product. Each is a movement in the ledger, never an
 * overwrite of the count; a movement that would take available stock below zero is refused (409).
 */
export function StockMovementModal({ action, product, onClose }: StockMovementModalProps) {
  const opened = action !== null && product !== null;
  const create = useCreateStockMovement();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<StockFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_STOCK_FORM,
    validate: (values) => (action ? validateStockForm(action, values) : {}),
    validateInputOnBlur: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens.
  useEffect(() => {
    if (!opened) return;
    form.setValues(EMPTY_STOCK_FORM);
    form.resetDirty();
    form.clearErrors();
    setFailure(null);
  }, [opened, action, product?.id]);

  const handleSubmit = form.onSubmit(async (values) => {
    if (!action || !product) return;
    setFailure(null);
    try {
      const result = await create.mutateAsync({ productId: product.id, body: stockBody(action, values) });
      notifications.show({
        color: 'teal',
        title: DONE[action],
        message: `${product.name}: on hand ${result.movement.onHandBefore.toLocaleString('en-IN')} → ${result.movement.onHandAfter.toLocaleString('en-IN')}`,
      });
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        const fieldErrors = error.fieldErrors();
        if (fieldErrors.unitCostPaise) fieldErrors.unitCost = fieldErrors.unitCostPaise;
        form.setErrors(fieldErrors);
        setFailure(error.message);
      } else setFailure('Something went wrong. Please try again.');
    }
  });

  const delta = Number(form.values.quantityDelta);
  const after =
    action === 'adjust' &&
    product?.onHand !== undefined &&
    form.values.quantityDelta !== '' &&
    Number.isInteger(delta)
      ? product.onHand + delta
      : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={action ? TITLES[action] : ''}
      centered
    >
      {action && product ? (
        <form onSubmit={handleSubmit} noValidate aria-label={TITLES[action]}>
          <Stack gap="md">
            <div>
              <Text fw={600} size="sm">
                {product.name}
              </Text>
              <Text size="xs" c="dimmed">
                {product.sku} · {formatQuantity(product.available, product.unit)} available
                {product.onHand !== undefined
                  ? ` · ${formatQuantity(product.onHand, product.unit)} on hand`
                  : ''}
              </Text>
            </div>
            {failure ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                {failure}
              </Alert>
            ) : null}
            {action === 'receive' ? (
              <>
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  <NumberInput
                    label="Quantity"
                    withAsterisk
                    min={1}
                    allowDecimal={false}
                    allowNegative={false}
                    data-autofocus
                    {...form.getInputProps('quantity')}
                  />
                  <TextInput
                    label="Unit cost (₹)"
                    placeholder="e.g. 640.00"
                    inputMode="decimal"
                    withAsterisk
                    leftSection={<span aria-hidden="true">₹</span>}
                    {...form.getInputProps('unitCost')}
                  />
                </SimpleGrid>
                <TextInput
                  label="Supplier reference"
                  placeholder="e.g. the supplier's invoice number"
                  {...form.getInputProps('supplierReference')}
                />
                <Textarea label="Note" autosize minRows={2} maxRows={4} {...form.getInputProps('note')} />
              </>
            ) : null}
            {action === 'adjust' ? (
              <NumberInput
                label="Change"
                description="After a stock-take: a positive number adds units, a negative one removes them"
                withAsterisk
                allowDecimal={false}
                data-autofocus
                {...form.getInputProps('quantityDelta')}
              />
            ) : null}
            {action === 'write_off' ? (
              <NumberInput
                label="Quantity"
                description="Units that are damaged, expired or lost"
                withAsterisk
                min={1}
                allowDecimal={false}
                allowNegative={false}
                data-autofocus
                {...form.getInputProps('quantity')}
              />
            ) : null}
            {action !== 'receive' ? (
              <Textarea
                label="Reason"
                placeholder={
                  action === 'adjust'
                    ? 'e.g. Stock-take on 1 Nov: 2 found in the van'
                    : 'e.g. Damaged in transit'
                }
                withAsterisk
                autosize
                minRows={2}
                maxRows={4}
                {...form.getInputProps('reason')}
              />
            ) : null}
            {after !== null && product ? (
              <Text size="sm" c={after < 0 ? 'red.8' : 'dimmed'} data-testid="adjust-after">
                On hand goes from {product.onHand?.toLocaleString('en-IN')} to {after.toLocaleString('en-IN')}
                .
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={create.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={create.isPending}
                color={action === 'write_off' ? 'red' : undefined}
              >
                {SUBMIT[action]}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
