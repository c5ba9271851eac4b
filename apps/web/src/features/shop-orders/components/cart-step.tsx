import type { Cart, CartLine, CartLineProblem } from '@inspecta/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlus, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { formatMoney, useProduct, useProducts } from '@/features/shop-catalogue';
import { isApiError } from '@/lib/api-client';
import { useAddCartLine } from '../api/add-cart-line';
import { useRemoveCartLine } from '../api/remove-cart-line';
import { useUpdateCartLine } from '../api/update-cart-line';

const PROBLEM_LABELS: Record<CartLineProblem['code'], string> = {
  archived: 'Archived',
  short: 'Short of stock',
  unallocated: 'No address yet',
};

function showError(title: string, error: unknown) {
  notifications.show({
    color: 'red',
    title,
    message: isApiError(error) ? error.message : 'Please try again.',
  });
}

/** A line's problems: a badge each, with what the server says about it. */
export function LineProblems({ line, only }: { line: CartLine; only?: Array<CartLineProblem['code']> }) {
  const problems = line.problems.filter((p) => !only || only.includes(p.code));
  if (!problems.length) return null;
  return (
    <Stack gap={4} data-testid="line-problems">
      {problems.map((problem) => (
        <Group key={problem.code} gap={6} wrap="nowrap" align="flex-start">
          <Badge
            size="sm"
            radius="sm"
            variant="light"
            color={problem.code === 'unallocated' ? 'yellow' : 'red'}
            c={problem.code === 'unallocated' ? '#7a4b00' : 'red.8'}
            style={{ flexShrink: 0 }}
            data-testid="line-problem"
            data-code={problem.code}
          >
            {PROBLEM_LABELS[problem.code]}
          </Badge>
          <Text size="xs" c="dark.6">
            {problem.message}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** What stops the order from being placed, as the server sees the cart now. */
export function CartProblems({ cart }: { cart: Cart }) {
  if (!cart.problems.length) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title="Before the order can be placed"
      // The light orange's own title colour is below AA contrast on its tint.
      styles={{ title: { color: '#7a4b00' } }}
      data-testid="cart-problems"
    >
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {cart.problems.map((problem) => (
          <li key={`${problem.field}-${problem.message}`}>
            <Text size="sm">{problem.message}</Text>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function QuantityInput({ line, clientId }: { line: CartLine; clientId: number }) {
  const update = useUpdateCartLine();
  const [value, setValue] = useState<number | string>(line.quantity);
  useEffect(() => setValue(line.quantity), [line.quantity]);
  const commit = async () => {
    const next = Number(value);
    if (!Number.isInteger(next) || next < 1 || next === line.quantity) {
      setValue(line.quantity);
      return;
    }
    try {
      await update.mutateAsync({ clientId, lineId: line.id, quantity: next });
    } catch (error) {
      setValue(line.quantity);
      showError('Could not change the quantity', error);
    }
  };
  return (
    <NumberInput
      aria-label={`Quantity of ${line.name}`}
      value={value}
      onChange={setValue}
      onBlur={() => void commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void commit();
      }}
      min={1}
      max={10_000}
      allowDecimal={false}
      allowNegative={false}
      w={96}
      disabled={update.isPending}
    />
  );
}

function CartLineRow({ line, clientId, currency }: { line: CartLine; clientId: number; currency: string }) {
  const remove = useRemoveCartLine();
  const flagged = line.problems.some((p) => p.code !== 'unallocated');
  return (
    <Paper
      withBorder
      p="sm"
      bg={flagged ? 'red.0' : 'white'}
      data-testid="cart-line"
      data-sku={line.sku}
      style={flagged ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
          <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {line.name}
            </Text>
            <Text size="xs" c="dimmed">
              <Text span ff="monospace" size="xs">
                {line.sku}
              </Text>{' '}
              · {formatMoney(line.unitPricePaise, currency)} each + {line.gstRate} % GST ·{' '}
              <span data-testid="line-available">{line.available.toLocaleString('en-IN')} available</span>
            </Text>
          </Stack>
          <Group gap="sm" wrap="nowrap" align="center">
            <QuantityInput line={line} clientId={clientId} />
            <Text size="sm" fw={600} w={110} ta="right" data-testid="line-taxable">
              {formatMoney(line.taxablePaise, currency)}
            </Text>
            <Tooltip label="Remove from the cart" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${line.name}`}
                loading={remove.isPending}
                onClick={() =>
                  void remove
                    .mutateAsync({ clientId, lineId: line.id })
                    .catch((error) => showError('Could not remove the line', error))
                }
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <LineProblems line={line} only={['archived', 'short']} />
      </Stack>
    </Paper>
  );
}

/** Find a product by SKU or name (with what is available now) and add it with a quantity. */
function ProductPicker({ clientId }: { clientId: number }) {
  const add = useAddCartLine();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [productId, setProductId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const products = useProducts({
    page: 1,
    limit: 15,
    status: 'active',
    ...(debounced ? { search: debounced } : {}),
  });
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);

  const data = useMemo(
    () =>
      (products.data?.products ?? []).map((product) => ({
        value: String(product.id),
        label: `${product.sku} — ${product.name}`,
        available: product.stock.available,
        price: formatMoney(product.pricePaise, product.currency),
      })),
    [products.data],
  );
  const byValue = new Map(data.map((option) => [option.value, option]));

  const submit = async () => {
    const qty = Number(quantity);
    if (!productId || !Number.isInteger(qty) || qty < 1) return;
    try {
      const result = await add.mutateAsync({
        clientId,
        body: { productId: Number(productId), quantity: qty },
      });
      notifications.show({ color: 'teal', message: result.message });
      setProductId(null);
      setChosenLabel(null);
      setSearch('');
      setQuantity(1);
    } catch (error) {
      showError('Could not add the product', error);
    }
  };

  return (
    <Paper withBorder bg="white" p="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Add a product"
          placeholder="Search by SKU or name"
          searchable
          data={data}
          value={productId}
          onChange={(value, option) => {
            setProductId(value);
            setChosenLabel(option?.label ?? null);
          }}
          searchValue={search}
          onSearchChange={(value) => {
            setSearch(value);
            if (value !== chosenLabel) setProductId(null);
          }}
          filter={({ options }) => options}
          nothingFoundMessage={products.isFetching ? 'Searching…' : 'No active product matches'}
          renderOption={({ option }) => {
            const extra = byValue.get(option.value);
            return (
              <Stack gap={0}>
                <Text size="sm">{option.label}</Text>
                {extra ? (
                  <Text size="xs" c={extra.available > 0 ? 'dimmed' : 'red.8'}>
                    {extra.price} · {extra.available.toLocaleString('en-IN')} available
                  </Text>
                ) : null}
              </Stack>
            );
          }}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={320}
          style={{ flex: '1 1 280px' }}
        />
        <NumberInput
          label="Quantity"
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={10_000}
          allowDecimal={false}
          allowNegative={false}
          w={110}
        />
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => void submit()}
          disabled={!productId}
          loading={add.isPending}
        >
          Add to cart
        </Button>
      </Group>
      {productId && byValue.get(productId) ? (
        <Text size="xs" c="dimmed" mt={6} data-testid="picked-available">
          {byValue.get(productId)!.available.toLocaleString('en-IN')} available now
        </Text>
      ) : null}
    </Paper>
  );
}

/** Step 2 of a new order: the client's cart, with live prices and tax from the server. */
/** One product a corrective action suggests (the parts linked to the failed unit's type), with Add. */
function SuggestedProduct({ productId, cart }: { productId: number; cart: Cart }) {
  const product = useProduct(productId);
  const add = useAddCartLine();
  const details = product.data?.product;
  if (product.isError) return null;
  if (!details)
    return (
      <Text size="sm" c="dimmed">
        Loading a suggested part…
      </Text>
    );
  const inCart = cart.lines.some((line) => line.productId === productId);
  const addOne = async () => {
    try {
      const result = await add.mutateAsync({ clientId: cart.clientId, body: { productId, quantity: 1 } });
      notifications.show({ color: 'teal', message: result.message });
    } catch (error) {
      showError('Could not add the product', error);
    }
  };
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid="suggested-product">
      <Text size="sm">
        <Text span ff="monospace" size="xs">
          {details.sku}
        </Text>{' '}
        {details.name} · {formatMoney(details.pricePaise, details.currency)} · {details.stock.available}{' '}
        available
      </Text>
      {inCart ? (
        <Text size="sm" c="dimmed">
          In the cart
        </Text>
      ) : (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          loading={add.isPending}
          disabled={details.status !== 'active'}
          onClick={() => void addOne()}
          aria-label={`Add ${details.name}`}
        >
          Add
        </Button>
      )}
    </Group>
  );
}

/**
 * The cart step. `suggestedProductIds` (from `?product_ids=`, set by a corrective action's "Order
 * parts") lists the parts that fit the failed unit, each added with one click, never by itself: a
 * reload must not add them twice.
 */
export function CartStep({ cart, suggestedProductIds = [] }: { cart: Cart; suggestedProductIds?: number[] }) {
  return (
    <Stack gap="md">
      {suggestedProductIds.length ? (
        <Paper withBorder p="md" data-testid="suggested-products">
          <Text fw={600} size="sm" mb="xs">
            Suggested parts for the corrective action
          </Text>
          <Stack gap="xs">
            {suggestedProductIds.map((id) => (
              <SuggestedProduct key={id} productId={id} cart={cart} />
            ))}
          </Stack>
        </Paper>
      ) : null}
      <ProductPicker clientId={cart.clientId} />
      {cart.lines.length ? (
        <Stack gap="xs" data-testid="cart-lines">
          {cart.lines.map((line) => (
            <CartLineRow key={line.id} line={line} clientId={cart.clientId} currency={cart.currency} />
          ))}
        </Stack>
      ) : (
        <EmptyState icon={IconShoppingCart} data-testid="cart-empty">
          The cart is empty. Search for a product above and add it.
        </EmptyState>
      )}
      {cart.lines.length ? (
        <Paper withBorder bg="gray.0" p="sm" data-testid="cart-totals">
          <Group justify="flex-end" gap="lg" wrap="wrap">
            <Text size="sm">
              Taxable <b>{formatMoney(cart.totals.taxablePaise, cart.currency)}</b>
            </Text>
            <Text size="sm">
              GST <b>{formatMoney(cart.totals.taxPaise, cart.currency)}</b>
            </Text>
            <Text size="sm">
              Total <b data-testid="cart-total">{formatMoney(cart.totals.totalPaise, cart.currency)}</b>
            </Text>
          </Group>
          <Text size="xs" c="dimmed" ta="right" mt={4}>
            The tax is final once each line has its shipping address (CGST + SGST within the state, IGST to
            another).
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}
