import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `The page answered with ${error.status} ${error.statusText}.`;
  // A failed lazy import usually means a new version was deployed while the page was open.
  if (error instanceof TypeError && /import|module/i.test(error.message)) {
    return 'A newer version of Inspecta is available. Reload the page to continue.';
  }
  return 'An unexpected error stopped this page from loading. Reload the page to try again.';
}

interface RouteErrorProps {
  /** Full-page (outside the dashboard shell) or inside the content area. */
  variant?: 'page' | 'inline';
}

export function RouteError({ variant = 'page' }: RouteErrorProps) {
  const error = useRouteError();
  const content = (
    <Paper withBorder p="xl" maw={520} w="100%" bg="white">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden="true">
          <IconAlertTriangle size={28} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">{describe(error)}</Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <Button variant="default" component={Link} to={paths.home}>
            Go to the dashboard
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
  if (variant === 'inline') return <Center py="xl">{content}</Center>;
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      {content}
    </Center>
  );
}

/** The dashboard-content flavour, for the error boundary inside the shell. */
export function InlineRouteError() {
  return <RouteError variant="inline" />;
}
