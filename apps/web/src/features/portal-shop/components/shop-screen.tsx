import { Group, SegmentedControl, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { TabStrip } from '@/components/ui/tab-strip';
import { usePortalCart } from '../api/get-cart';
import { PortalCart } from './cart';
import { PortalProducts } from './products';

/** /portal/shop: products and your cart (?view=cart). */
export function PortalShopScreen() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'cart' ? 'cart' : 'products';
  const cart = usePortalCart();
  const units = (cart.data?.cart.lines ?? []).reduce((sum, l) => sum + l.quantity, 0);
  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <div>
          <Title order={1}>Shop</Title>
          <Text size="sm" c="dimmed" mt={4}>
            Extinguishers, refills and spares, delivered to your sites.
          </Text>
        </div>
      </Group>
      <TabStrip active={view}>
        <SegmentedControl
          aria-label="Products or cart"
          value={view}
          onChange={(v) => setParams(v === 'cart' ? { view: 'cart' } : {}, { replace: true })}
          data={[
            { value: 'products', label: 'Products' },
            { value: 'cart', label: units ? `Cart (${units})` : 'Cart' },
          ]}
          data-testid="portal-shop-view"
        />
      </TabStrip>
      {view === 'cart' ? <PortalCart /> : <PortalProducts />}
    </>
  );
}
