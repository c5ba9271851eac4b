import type { Cart, CartLine, ShopAddress } from '@inspecta/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListSkeleton } from '@/components/list-screen/list-skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { RetryRow } from '@/components/ui/retry-row';
import { paths, portalPaths } from '@/config/paths';
import { formatMoney } from '@/features/shop-catalogue';
import { isApiError } from '@/lib/api-client';
import { usePortalAddresses } from '../api/get-addresses';
import { usePortalCart } from '../api/get-cart';
import { usePlacePortalOrder } from '../api/place-order';
import { useRemovePortalCartLine } from '../api/remove-cart-line';
import { useSetPortalCartAllocations } from '../api/set-cart-allocations';
import { useUpdatePortalCart } from '../api/update-cart';
import { useUpdatePortalCartLine } from '../api/update-cart-line';
import { allocationsBody, type Split, sameSplit, splitOf, splitTotal } from '../lib/cart-split';

function showError(title: string, error: unknown) {
  notifications.show({
    color: 'red',
    title,
    message: isApiError(error) ? error.message : 'Please try again.',
  });
}

function addressLine(a: ShopAddress): string {
  return [a.addressLine1, a.city, a.pincode].filter(Boolean).join(', ');
}

/** One cart line: quantity, remove, and its units per shipping address (a simple per-address form). */
function CartLineCard({ line, shipping }: { line: CartLine; shipping: ShopAddress[] }) {
  const update = useUpdatePortalCartLine();
  const remove = useRemovePortalCartLine();
  const allocate = useSetPortalCartAllocations();
  const [quantity, setQuantity] = useState<number | string>(line.quantity);
  const [split, setSplit] = useState<Split>(splitOf(line));
  const serverKey = `${line.quantity}|${JSON.stringify(line.allocations)}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the server's line after each change
  useEffect(() => {
    setQuantity(line.quantity);
    setSplit(splitOf(line));
  }, [serverKey]);

  const given = splitTotal(split);
  const saveQuantity = () => {
    const next = typeof quantity === 'number' ? quantity : Number.parseInt(quantity, 10);
    if (!Number.isInteger(next) || next < 1 || next === line.quantity) return;
    update.mutate(
      { lineId: line.id, body: { quantity: next } },
      { onError: (e) => showError('Could not change the quantity', e) },
    );
  };
  const saveSplit = () =>
    allocate.mutate(
      {
        lineId: line.id,
        body: allocationsBody(split),
      },
      {
        onSuccess: (result) => notifications.show({ color: 'green', message: result.message }),
        onError: (e) => showError('Could not save the split', e),
      },
    );
  const dirty = !sameSplit(split, splitOf(line));

  return (
    <Paper
      withBorder
      bg="white"
      p="md"
      component="article"
      aria-labelledby={`cart-line-${line.id}`}
      data-testid="portal-cart-line"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} id={`cart-line-${line.id}`} style={{ overflowWrap: 'anywhere' }}>
            {line.name}
          </Text>
          <Text size="xs" c="dimmed">
            {line.sku} · {formatMoney(line.unitPricePaise)} each + {line.gstRate}% GST
          </Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${line.name} from the cart`}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(line.id, { onError: (e) => showError('Could not remove the line', e) })
          }
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
      <Group gap="xs" mt="xs" align="flex-end">
        <NumberInput
          label="Quantity"
          aria-label={`Quantity of ${line.name}`}
          min={1}
          allowDecimal={false}
          value={quantity}
          onChange={setQuantity}
          onBlur={saveQuantity}
          w={110}
          data-testid="portal-cart-quantity"
        />
        <Text size="sm" fw={600} pb={8}>
          {formatMoney(line.taxablePaise)}
        </Text>
      </Group>
      {line.problems.map((p) => (
        <Text key={p.code} size="xs" c={p.code === 'unallocated' ? '#7a4b00' : 'red.8'} mt={4}>
          {p.message}
        </Text>
      ))}
      {shipping.length ? (
        <Stack gap={6} mt="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" size="sm" fw={500} mb={4}>
            Ship to ({given} of {line.quantity} given)
          </Text>
          {shipping.map((address) => (
            <Group key={address.id} gap="xs" wrap="nowrap" justify="space-between">
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" truncate>
                  {address.label}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {addressLine(address)}
                </Text>
              </Stack>
              <NumberInput
                aria-label={`Units of ${line.name} to ${address.label}`}
                min={0}
                max={line.quantity}
                allowDecimal={false}
                value={split[address.id] ?? 0}
                onChange={(v) => setSplit((s) => ({ ...s, [address.id]: v }))}
                w={90}
                data-testid="portal-cart-split"
              />
            </Group>
          ))}
          {given > line.quantity ? (
            <Text size="xs" c="red.8" role="alert">
              {given - line.quantity} more than the line's {line.quantity}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              disabled={!dirty || given > line.quantity}
              loading={allocate.isPending}
              onClick={saveSplit}
              data-testid="portal-cart-split-save"
            >
              Save split
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Paper>
  );
}

function Totals({ cart }: { cart: Cart }) {
  const rows: Array<[string, number]> = [
    ['Before GST', cart.totals.taxablePaise],
    ['GST', cart.totals.taxPaise],
  ];
  return (
    <Stack gap={2}>
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text size="sm">{formatMoney(value, cart.currency)}</Text>
        </Group>
      ))}
      <Group justify="space-between">
        <Text fw={700}>Total</Text>
        <Text fw={700} data-testid="portal-cart-total">
          {formatMoney(cart.totals.totalPaise, cart.currency)}
        </Text>
      </Group>
    </Stack>
  );
}

/** The cart: lines with their split over your shipping addresses, the billing address, totals, place. */
export function PortalCart() {
  const navigate = useNavigate();
  const query = usePortalCart();
  const addresses = usePortalAddresses();
  const updateCart = useUpdatePortalCart();
  const place = usePlacePortalOrder();
  const cart = query.data?.cart;
  const active = (addresses.data?.addresses ?? []).filter((a) => a.status === 'active');
  const shipping = active.filter((a) => a.kind === 'shipping');
  const billing = active.filter((a) => a.kind === 'billing');

  if (query.isPending) return <ListSkeleton testId="portal-cart-loading" rows={2} rowHeight={120} />;
  if (!cart)
    return (
      <>
        <Text c="dimmed">The cart could not be loaded.</Text>
        <RetryRow onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </>
    );
  if (cart.lines.length === 0)
    return (
      <EmptyState icon={IconShoppingCart} data-testid="portal-cart-empty">
        Your cart is empty. Add products from the list.
      </EmptyState>
    );

  const onPlace = () =>
    place.mutate(
      { expectedTotalPaise: cart.totals.totalPaise },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', message: result.message });
          navigate(portalPaths.order(result.order.id));
        },
        onError: (e) => showError('The order was not placed', e),
      },
    );

  return (
    <Stack gap="sm" data-testid="portal-cart">
      {shipping.length === 0 && !addresses.isPending ? (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle aria-hidden="true" />}
          styles={{ title: { color: '#7a4b00' } }}
          title="No shipping address yet"
        >
          <Text size="sm" c="#5c3a00">
            Ask us to add your sites as shipping addresses; then each line can be split over them.
          </Text>
        </Alert>
      ) : null}
      {cart.lines.map((line) => (
        <CartLineCard key={line.id} line={line} shipping={shipping} />
      ))}
      <Paper withBorder bg="white" p="md">
        <Title order={2} fz="h4" mb="sm">
          Order
        </Title>
        <Select
          label="Bill to"
          placeholder={billing.length ? 'Choose a billing address' : 'No billing address yet'}
          data={billing.map((a) => ({ value: String(a.id), label: `${a.label} — ${addressLine(a)}` }))}
          value={cart.billingAddressId ? String(cart.billingAddressId) : null}
          onChange={(value) =>
            updateCart.mutate(
              { billingAddressId: value ? Number(value) : null },
              { onError: (e) => showError('Could not set the billing address', e) },
            )
          }
          disabled={billing.length === 0}
          comboboxProps={{ withinPortal: true }}
          mb="sm"
          data-testid="portal-cart-billing"
        />
        <Totals cart={cart} />
        {cart.problems.length ? (
          <Stack gap={2} mt="sm" data-testid="portal-cart-problems">
            {cart.problems.map((p) => (
              <Text key={`${p.field}-${p.message}`} size="sm" c="#7a4b00">
                {p.message}
              </Text>
            ))}
          </Stack>
        ) : null}
        <Button
          fullWidth
          mt="md"
          onClick={onPlace}
          loading={place.isPending}
          disabled={!cart.readyToPlace}
          data-testid="portal-cart-place"
        >
          Place order
        </Button>
        <Text size="xs" c="dimmed" mt="xs">
          Your order is confirmed by our team; you see it under{' '}
          <Anchor size="xs" underline="always" component={Link} to={paths.portalOrders}>
            Orders
          </Anchor>
          .
        </Text>
      </Paper>
    </Stack>
  );
}
