import { type Bill, billCancelBodySchema, ORDER_REASON_MAX } from '@inspecta/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useCancelBill } from '../api/cancel-bill';
import { BILL_KIND_LABELS } from './bill-badges';

interface CancelBillModalProps {
  bill: Pick<Bill, 'id' | 'billNumber' | 'kind'>;
  opened: boolean;
  onClose: () => void;
}

/**
 * "Cancel bill": asks for the reason (it is printed on the bill and kept in the audit). The bill
 * stays, marked cancelled, and its number is never given to another bill.
 */
export function CancelBillModal({ bill, opened, onClose }: CancelBillModalProps) {
  const cancel = useCancelBill();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: zod4Resolver(billCancelBodySchema),
  });
  const noun = BILL_KIND_LABELS[bill.kind].toLowerCase();

  const close = () => {
    form.reset();
    cancel.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    cancel.mutate(
      { id: bill.id, reason: values.reason.trim() },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'teal',
            title: `${BILL_KIND_LABELS[bill.kind]} cancelled`,
            message: result.message,
          });
          close();
        },
        onError: (error) => {
          if (error.details.length > 0) form.setErrors(error.fieldErrors());
          else form.setFieldError('reason', error.message);
        },
      },
    ),
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Cancel ${noun} ${bill.billNumber}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate data-testid="cancel-bill-form">
        <Stack gap="md">
          <Text size="sm">
            The {noun} stays in the register, marked cancelled, and keeps its number: no other bill will ever
            get{' '}
            <Text span ff="monospace" size="sm" fw={600}>
              {bill.billNumber}
            </Text>
            .
          </Text>
          <Textarea
            label="Reason"
            description="Printed on the cancelled bill and kept in the audit trail."
            placeholder="e.g. Billed to the wrong GSTIN"
            required
            autosize
            minRows={2}
            maxRows={6}
            maxLength={ORDER_REASON_MAX}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Keep the {noun}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              Cancel {noun}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
