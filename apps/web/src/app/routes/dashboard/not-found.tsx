import { Button, Stack, Text, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** An unknown path under /dashboard: the shell stays (SPEC.md, Layout), the content says so. */
function DashboardNotFoundRoute() {
  return (
    <Stack align="center" gap="md" ta="center" py={64} mx="auto" maw={480}>
      <IconMapSearch size={48} stroke={1.5} color="var(--mantine-color-brand-6)" aria-hidden="true" />
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">
        There is no page at this address. It may have moved, or the link was mistyped; the menu on the left
        leads to every part of Inspecta.
      </Text>
      <Button component={Link} to={paths.home} mt="sm">
        Go to the dashboard
      </Button>
    </Stack>
  );
}

export { DashboardNotFoundRoute as Component };
