import { Box, Center, Paper, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { AcceptInvitation } from '@/features/users';

/** A bare page (no dashboard shell): the invited person chooses a password. */
function AcceptInvitationRoute() {
  const [searchParams] = useSearchParams();
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack gap="lg" w="100%" maw={440}>
        <Box>
          <Logo size={32} />
        </Box>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }} bg="white">
          <AcceptInvitation token={searchParams.get('token')?.trim() ?? ''} />
        </Paper>
      </Stack>
    </Center>
  );
}

export { AcceptInvitationRoute as Component };
