import type { Cart, CartLine, ShopAddress } from '@inspecta/contract';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useAddressFromSite } from '../api/address-from-site';
import { useAddresses } from '../api/get-addresses';
import { useSetCartAllocations } from '../api/set-cart-allocations';
import { addressOneLine } from '../lib/address';
import { allocationsOf, draftOf, type SplitDraft, sameSplit, splitSummary } from '../lib/split';
import { AddressFormDrawer } from './address-form-drawer';

function showError(title: string, error: unknown) {
  notifications.show({
    color: 'red',
    title,
    message: isApiError(error) ? error.message : 'Please try again.',
  });
}

/** How the typed split of a line stands: all given, some left, or too many. */
function SplitStatus({ quantity, draft }: { quantity: number; draft: SplitDraft }) {
  const { unallocated, over } = splitSummary(quantity, draft);
  if (over > 0)
    return (
      <Text size="sm" c="red.8" role="alert" data-testid="split-status" data-state="over">
        {over} {over === 1 ? 'unit' : 'units'} more than the line's {quantity}: lower a quantity
      </Text>
    );
  if (unallocated > 0)
    return (
      <Group gap={6} wrap="nowrap" data-testid="split-status" data-state="unallocated">
        <IconAlertTriangle size={16} color="#7a4b00" aria-hidden="true" />
        <Text size="sm" c="#7a4b00">
          {unallocated} of {quantity} {quantity === 1 ? 'unit has' : 'units have'} no address yet
        </Text>
      </Group>
    );
  return (
    <Group gap={6} wrap="nowrap" data-testid="split-status" data-state="complete">
      <IconCircleCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden="true" />
      <Text size="sm" c="teal.9">
        All {quantity} {quantity === 1 ? 'unit has' : 'units have'} an address
      </Text>
    </Group>
  );
}

function LineSplit({
  line,
  clientId,
  addresses,
}: {
  line: CartLine;
  clientId: number;
  addresses: ShopAddress[];
}) {
  const save = useSetCartAllocations();
  const server = draftOf(line.allocations);
  const [draft, setDraft] = useState<SplitDraft>(server);
  const serverKey = JSON.stringify(line.allocations);
  // The server's split changed (a save, another step): show it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the server's allocations only
  useEffect(() => setDraft(draftOf(line.allocations)), [serverKey]);

  const commit = async (next: SplitDraft) => {
    if (splitSummary(line.quantity, next).over > 0 || sameSplit(next, draftOf(line.allocations))) return;
    try {
      await save.mutateAsync({ clientId, lineId: line.id, body: { allocations: allocationsOf(next) } });
    } catch (error) {
      showError(`Could not save the split of ${line.name}`, error);
    }
  };

  return (
    <Paper withBorder bg="white" p="sm" data-testid="split-line" data-sku={line.sku}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600}>
            {line.name}{' '}
            <Text span size="xs" c="dimmed" ff="monospace">
              {line.sku}
            </Text>
          </Text>
          <Text size="sm" fw={600} data-testid="split-quantity">
            {line.quantity.toLocaleString('en-IN')} {line.quantity === 1 ? 'unit' : 'units'}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
          {addresses.map((address) => (
            <NumberInput
              key={address.id}
              label={address.label}
              aria-label={`Units of ${line.name} to ${address.label}`}
              min={0}
              max={10_000}
              allowDecimal={false}
              allowNegative={false}
              value={draft[address.id] ?? 0}
              onChange={(value) => setDraft((d) => ({ ...d, [address.id]: Number(value) || 0 }))}
              onBlur={() => void commit(draft)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void commit(draft);
              }}
            />
          ))}
        </SimpleGrid>
        <SplitStatus quantity={line.quantity} draft={draft} />
      </Stack>
    </Paper>
  );
}

/**
 * Step 3 of a new order: every unit of every line goes to one of the client's shipping addresses
 * (one shipment per address). The client's sites are offered as addresses and made into one on pick.
 */
export function SplitStep({ cart }: { cart: Cart }) {
  const clientId = cart.clientId;
  const addresses = useAddresses(clientId);
  const fromSite = useAddressFromSite();
  const setAllocations = useSetCartAllocations();
  const [adding, setAdding] = useState(false);
  const [allTo, setAllTo] = useState<string | null>(null);
  const [sendingAll, setSendingAll] = useState(false);

  const shipping = (addresses.data?.addresses ?? []).filter(
    (a) => a.kind === 'shipping' && a.status === 'active',
  );
  const sites = (addresses.data?.sites ?? []).filter((site) => site.addressId === null && site.usable);
  const unallocated = cart.lines.reduce((sum, line) => sum + line.unallocated, 0);

  const pickSite = async (siteId: string | null) => {
    if (!siteId) return;
    try {
      const result = await fromSite.mutateAsync({ clientId, siteId: Number(siteId) });
      notifications.show({ color: 'teal', title: 'Shipping address added', message: result.address.label });
    } catch (error) {
      showError('Could not use the site', error);
    }
  };

  const sendAllTo = async () => {
    if (!allTo) return;
    setSendingAll(true);
    try {
      for (const line of cart.lines) {
        await setAllocations.mutateAsync({
          clientId,
          lineId: line.id,
          body: { allocations: [{ addressId: Number(allTo), quantity: line.quantity }] },
        });
      }
      notifications.show({ color: 'teal', message: 'Every line goes to one address.' });
    } catch (error) {
      showError('Could not send everything to that address', error);
    } finally {
      setSendingAll(false);
    }
  };

  if (addresses.isPending) return <Skeleton height={200} />;

  return (
    <Stack gap="md">
      <Paper withBorder bg="white" p="md">
        <Stack gap="sm">
          <Text size="sm">
            Give every unit a shipping address: the order makes one shipment per address. The client's sites
            can be used as addresses without retyping them.
          </Text>
          <Group gap="sm" align="flex-end" wrap="wrap">
            {sites.length ? (
              <Select
                label="Ship to one of the client's sites"
                placeholder="Pick a site"
                data={sites.map((site) => ({
                  value: String(site.siteId),
                  label: `${site.name} (${site.siteCode})${site.city ? `, ${site.city}` : ''}`,
                }))}
                value={null}
                onChange={(value) => void pickSite(value)}
                disabled={fromSite.isPending}
                comboboxProps={{ withinPortal: true }}
                style={{ flex: '1 1 260px' }}
              />
            ) : null}
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setAdding(true)}
            >
              New shipping address
            </Button>
          </Group>
          {shipping.length > 1 ? (
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                label="All to one address"
                placeholder="Pick an address"
                data={shipping.map((a) => ({ value: String(a.id), label: addressOneLine(a) }))}
                value={allTo}
                onChange={setAllTo}
                comboboxProps={{ withinPortal: true }}
                style={{ flex: '1 1 260px' }}
              />
              <Button variant="light" onClick={() => void sendAllTo()} disabled={!allTo} loading={sendingAll}>
                Send everything there
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Paper>

      {shipping.length === 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
          The client has no shipping address yet: pick one of their sites or add a new address.
        </Alert>
      ) : (
        <Stack gap="xs" data-testid="split-lines">
          {cart.lines.map((line) => (
            <LineSplit key={line.id} line={line} clientId={clientId} addresses={shipping} />
          ))}
        </Stack>
      )}

      {unallocated > 0 ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden="true" />}
          data-testid="unallocated-warning"
          c="#7a4b00"
        >
          {unallocated} {unallocated === 1 ? 'unit has' : 'units have'} no shipping address yet. The order can
          be placed once every unit has one.
        </Alert>
      ) : null}

      <AddressFormDrawer
        clientId={clientId}
        opened={adding}
        onClose={() => setAdding(false)}
        address={null}
        kind="shipping"
      />
    </Stack>
  );
}
