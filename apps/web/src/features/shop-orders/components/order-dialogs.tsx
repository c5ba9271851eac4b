import { type Shipment, shipmentShipBodySchema } from '@inspecta/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { isApiError } from '@/lib/api-client';
import { todayIso } from '@/lib/dates';

/** What a failed action says: the server's message and each field or line it names. */
export function errorText(error: unknown): { message: string; details: string[] } {
  if (!isApiError(error)) return { message: 'Something went wrong. Please try again.', details: [] };
  return {
    message: error.message,
    details: error.details.map((d) => d.message).filter((m) => m !== error.message),
  };
}

export function ActionError({ error, testId = 'action-error' }: { error: unknown; testId?: string }) {
  if (!error) return null;
  const { message, details } = errorText(error);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden="true" />}
      role="alert"
      data-testid={testId}
    >
      <Text size="sm" fw={600}>
        {message}
      </Text>
      {details.length ? (
        <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
          {details.map((detail) => (
            <li key={detail}>
              <Text size="sm">{detail}</Text>
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

interface ReasonDialogProps {
  opened: boolean;
  title: string;
  /** What happens, in a sentence, above the reason. */
  explanation: string;
  confirmLabel: string;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}

/** Cancel an order or a shipment: a reason is required and kept in the timeline. */
export function ReasonDialog({
  opened,
  title,
  explanation,
  confirmLabel,
  onClose,
  onSubmit,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setReason('');
      setError(null);
      setInvalid(null);
    }
  }, [opened]);

  const submit = async () => {
    if (!reason.trim()) {
      setInvalid('Reason is required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(reason.trim());
      onClose();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">{explanation}</Text>
        <ActionError error={error} />
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
          value={reason}
          error={invalid}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setInvalid(null);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" onClick={() => void submit()} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type ShipValues = {
  carrier: string;
  trackingNumber: string;
  shippedOn: string;
};

const validateShip = (values: ShipValues) => zod4Resolver(shipmentShipBodySchema)(values);

/** Ship a shipment: carrier, tracking number and the day it left (not in the future). */
export function ShipDialog({
  shipment,
  onClose,
  onSubmit,
}: {
  shipment: Shipment | null;
  onClose: () => void;
  onSubmit: (values: ShipValues) => Promise<unknown>;
}) {
  const [error, setError] = useState<unknown>(null);
  const form = useForm<ShipValues>({
    mode: 'controlled',
    initialValues: { carrier: '', trackingNumber: '', shippedOn: todayIso() },
    validate: validateShip,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens for a shipment.
  useEffect(() => {
    if (!shipment) return;
    form.setValues({
      carrier: shipment.carrier ?? '',
      trackingNumber: shipment.trackingNumber ?? '',
      shippedOn: todayIso(),
    });
    form.clearErrors();
    setError(null);
  }, [shipment]);

  const handleSubmit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(values);
      onClose();
    } catch (failure) {
      if (isApiError(failure)) form.setErrors(failure.fieldErrors());
      setError(failure);
    }
  });

  return (
    <Modal
      opened={shipment !== null}
      onClose={onClose}
      title={`Ship ${shipment?.shipmentNumber ?? ''}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            The stock leaves the shelf and, with one bill per shipment, the bill is issued now.
          </Text>
          <ActionError error={error} />
          <TextInput
            label="Carrier"
            withAsterisk
            maxLength={80}
            data-autofocus
            {...form.getInputProps('carrier')}
          />
          <TextInput
            label="Tracking number"
            withAsterisk
            maxLength={60}
            {...form.getInputProps('trackingNumber')}
          />
          <DateField
            label="Shipped on"
            withAsterisk
            max={todayIso()}
            {...form.getInputProps('shippedOn')}
            w={{ base: '100%', xs: 200 }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Ship
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Return delivered units: how many of each line, and why (stock comes back; a credit note follows a bill). */
export function ReturnDialog({
  shipment,
  onClose,
  onSubmit,
}: {
  shipment: Shipment | null;
  onClose: () => void;
  onSubmit: (body: {
    reason: string;
    lines: Array<{ shipmentLineId: number; quantity: number }>;
  }) => Promise<unknown>;
}) {
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<{ reason?: string; lines?: string }>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!shipment) return;
    setQuantities({});
    setReason('');
    setInvalid({});
    setError(null);
  }, [shipment]);

  const submit = async () => {
    if (!shipment) return;
    const lines = shipment.lines
      .map((line) => ({ shipmentLineId: line.id, quantity: quantities[line.id] ?? 0 }))
      .filter((line) => line.quantity > 0);
    const problems = {
      ...(reason.trim() ? {} : { reason: 'Reason is required' }),
      ...(lines.length ? {} : { lines: 'Return at least one unit' }),
    };
    setInvalid(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ reason: reason.trim(), lines });
      onClose();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={shipment !== null}
      onClose={onClose}
      title={`Return from ${shipment?.shipmentNumber ?? ''}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      <Stack gap="md">
        <ActionError error={error} />
        <Table.ScrollContainer
          minWidth={360}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Units to return, scrolls sideways"
        >
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Delivered</Table.Th>
                <Table.Th w={130}>Return</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shipment?.lines.map((line) => {
                const left = line.quantity - line.returnedQuantity;
                return (
                  <Table.Tr key={line.id}>
                    <Table.Td>
                      <Text size="sm">{line.name}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {line.sku}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">
                        {line.quantity}
                        {line.returnedQuantity ? ` (${line.returnedQuantity} returned)` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Units of ${line.name} to return`}
                        min={0}
                        max={left}
                        disabled={left === 0}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="strict"
                        value={quantities[line.id] ?? 0}
                        onChange={(value) => setQuantities((q) => ({ ...q, [line.id]: Number(value) || 0 }))}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {invalid.lines ? (
          <Text size="sm" c="red.7" role="alert">
            {invalid.lines}
          </Text>
        ) : null}
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          error={invalid.reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Record return
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
