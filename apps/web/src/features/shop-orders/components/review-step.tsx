import { type BillingMode, billingModeLabels, type Cart, type CartShipmentPreview } from '@inspecta/contract';
import { Button, Group, Paper, Radio, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatMoney } from '@/features/shop-catalogue';
import { isApiError } from '@/lib/api-client';
import { useAddresses } from '../api/get-addresses';
import { useUpdateCart } from '../api/update-cart';
import { addressLines, addressOneLine } from '../lib/address';
import { AddressFormDrawer } from './address-form-drawer';
import { supplyTypeLabel } from './badges';
import { CartProblems } from './cart-step';
import classes from './shop-orders.module.css';

function showError(title: string, error: unknown) {
  notifications.show({
    color: 'red',
    title,
    message: isApiError(error) ? error.message : 'Please try again.',
  });
}

function Money({ paise, currency, testId }: { paise: number; currency: string; testId?: string }) {
  return (
    <Text span size="sm" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(paise, currency)}
    </Text>
  );
}

function ShipmentPreview({
  shipment,
  index,
  currency,
}: {
  shipment: CartShipmentPreview;
  index: number;
  currency: string;
}) {
  const intra = shipment.supplyType === 'intra_state';
  return (
    <Paper withBorder bg="white" p="md" data-testid="shipment-preview">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <div>
            <Title order={3} size="h4">
              Shipment {index + 1}: {shipment.address.label}
            </Title>
            <address className={classes.address}>{addressLines(shipment.address).join(', ')}</address>
          </div>
          <Text size="xs" fw={600} c="dark.6" data-testid="preview-supply-type">
            {supplyTypeLabel(shipment.supplyType)}
          </Text>
        </Group>
        <Table.ScrollContainer
          minWidth={420}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={`Lines of shipment ${index + 1}, scrolls sideways`}
        >
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Taxable</Table.Th>
                <Table.Th ta="right">GST</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shipment.lines.map((line) => (
                <Table.Tr key={line.cartLineId}>
                  <Table.Td>
                    <Text size="sm">{line.name}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {line.sku} · {line.gstRate} %
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">
                    <Money paise={line.taxablePaise} currency={currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money paise={line.taxPaise} currency={currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" gap="lg" wrap="wrap">
          <Text size="sm">
            Taxable <Money paise={shipment.totals.taxablePaise} currency={currency} />
          </Text>
          {intra ? (
            <>
              <Text size="sm">
                CGST <Money paise={shipment.totals.cgstPaise} currency={currency} testId="preview-cgst" />
              </Text>
              <Text size="sm">
                SGST <Money paise={shipment.totals.sgstPaise} currency={currency} testId="preview-sgst" />
              </Text>
            </>
          ) : (
            <Text size="sm">
              IGST <Money paise={shipment.totals.igstPaise} currency={currency} testId="preview-igst" />
            </Text>
          )}
          <Text size="sm" fw={700}>
            Total <Money paise={shipment.totals.totalPaise} currency={currency} />
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Step 4 of a new order: billing address and mode, the shipments with their tax, totals and notes. */
export function ReviewStep({ cart }: { cart: Cart }) {
  const clientId = cart.clientId;
  const addresses = useAddresses(clientId);
  const update = useUpdateCart();
  const [adding, setAdding] = useState(false);
  const [notes, setNotes] = useState(cart.notes ?? '');
  useEffect(() => setNotes(cart.notes ?? ''), [cart.notes]);

  const billing = (addresses.data?.addresses ?? []).filter(
    (a) => a.kind === 'billing' && a.status === 'active',
  );
  const states = new Set(cart.shipments.map((s) => s.address.stateCode ?? s.address.state));

  const change = async (body: Parameters<typeof update.mutateAsync>[0]['body'], failTitle: string) => {
    try {
      await update.mutateAsync({ clientId, body });
    } catch (error) {
      showError(failTitle, error);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder bg="white" p="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Bill to"
              placeholder={
                billing.length ? 'Pick the billing address' : 'The client has no billing address yet'
              }
              data={billing.map((a) => ({
                value: String(a.id),
                label: `${addressOneLine(a)}${a.gstin ? ` · GSTIN ${a.gstin}` : ''}`,
              }))}
              value={cart.billingAddressId ? String(cart.billingAddressId) : null}
              onChange={(value) =>
                void change(
                  { billingAddressId: value ? Number(value) : null },
                  'Could not set the billing address',
                )
              }
              comboboxProps={{ withinPortal: true }}
              style={{ flex: '1 1 320px' }}
            />
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setAdding(true)}
            >
              New billing address
            </Button>
          </Group>
          <Radio.Group
            label="Billing"
            value={cart.billingMode}
            onChange={(value) =>
              void change({ billingMode: value as BillingMode }, 'Could not change the billing')
            }
          >
            <Stack gap={6} mt={6}>
              <Radio value="per_shipment" label={billingModeLabels.per_shipment} />
              <Radio
                value="per_order"
                label={billingModeLabels.per_order}
                disabled={states.size > 1 && cart.billingMode !== 'per_order'}
                description={states.size > 1 ? 'Only when every shipment goes to one state' : undefined}
              />
            </Stack>
          </Radio.Group>
        </Stack>
      </Paper>

      {cart.shipments.map((shipment, index) => (
        <ShipmentPreview
          key={shipment.address.id}
          shipment={shipment}
          index={index}
          currency={cart.currency}
        />
      ))}

      <Paper withBorder bg="gray.0" p="md" data-testid="review-totals">
        <Stack gap={4} maw={360} ml="auto">
          {(
            [
              ['Taxable value', cart.totals.taxablePaise, 'review-taxable'],
              ...(cart.totals.cgstPaise || cart.totals.sgstPaise
                ? ([
                    ['CGST', cart.totals.cgstPaise, 'review-cgst'],
                    ['SGST', cart.totals.sgstPaise, 'review-sgst'],
                  ] as const)
                : []),
              ...(cart.totals.igstPaise ? ([['IGST', cart.totals.igstPaise, 'review-igst']] as const) : []),
              ['Total', cart.totals.totalPaise, 'review-total'],
            ] as const
          ).map(([label, value, testId]) => (
            <Group key={label} justify="space-between" wrap="nowrap">
              <Text size="sm" fw={label === 'Total' ? 700 : 400}>
                {label}
              </Text>
              <Text size="sm" fw={label === 'Total' ? 700 : 500} data-testid={testId}>
                {formatMoney(value, cart.currency)}
              </Text>
            </Group>
          ))}
          <Text size="xs" c="dimmed" ta="right">
            Bills round the total to the rupee.
          </Text>
        </Stack>
      </Paper>

      <Textarea
        label="Notes"
        description="Kept with the order (e.g. delivery hours)"
        autosize
        minRows={2}
        maxLength={1000}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
        onBlur={() => {
          if (notes !== (cart.notes ?? '')) void change({ notes }, 'Could not save the notes');
        }}
      />

      <CartProblems cart={cart} />

      <AddressFormDrawer
        clientId={clientId}
        opened={adding}
        onClose={() => setAdding(false)}
        address={null}
        kind="billing"
        onSaved={(address) =>
          void change({ billingAddressId: address.id }, 'Could not set the billing address')
        }
      />
    </Stack>
  );
}
