import { Text, Title } from '@mantine/core';

/** /portal/bills: placeholder until the portal shop lands (docs/portal.md). */
function PortalBillsRoute() {
  return (
    <>
      <Title order={1}>Bills</Title>
      <Text c="dimmed">Coming soon.</Text>
    </>
  );
}

export { PortalBillsRoute as Component };
