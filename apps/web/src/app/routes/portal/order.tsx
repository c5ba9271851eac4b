import { Text, Title } from '@mantine/core';

/** /portal/order: placeholder until the portal shop lands (docs/portal.md). */
function PortalOrderRoute() {
  return (
    <>
      <Title order={1}>Order</Title>
      <Text c="dimmed">Coming soon.</Text>
    </>
  );
}

export { PortalOrderRoute as Component };
