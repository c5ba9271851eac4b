import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** An unknown path under /portal keeps the portal's frame. */
function PortalNotFoundRoute() {
  return (
    <Stack align="center" gap="md" ta="center" py="xl">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dark.4">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} to={paths.portal}>
        Back to the overview
      </Button>
    </Stack>
  );
}

export { PortalNotFoundRoute as Component };
