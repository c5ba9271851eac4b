import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';

function NotFoundRoute() {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack align="center" gap="md" ta="center" maw={440}>
        <LogoMark size={48} />
        <Text fw={700} c="brand.7" fz={56} lh={1}>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={paths.login} mt="sm">
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}

export { NotFoundRoute as Component };
