import { Text, Title } from '@mantine/core';

/** /portal/orders: placeholder until the portal shop lands (docs/portal.md). */
function PortalOrdersRoute() {
  return (
    <>
      <Title order={1}>Orders</Title>
      <Text c="dimmed">Coming soon.</Text>
    </>
  );
}

export { PortalOrdersRoute as Component };
