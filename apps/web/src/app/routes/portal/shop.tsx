import { Text, Title } from '@mantine/core';

/** /portal/shop: placeholder until the portal shop lands (docs/portal.md). */
function PortalShopRoute() {
  return (
    <>
      <Title order={1}>Shop</Title>
      <Text c="dimmed">Coming soon.</Text>
    </>
  );
}

export { PortalShopRoute as Component };
