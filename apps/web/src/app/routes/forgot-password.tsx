import { Box, Center, Paper, Stack } from '@mantine/core';
import { Logo } from '@/components/ui/logo';
import { ForgotPassword } from '@/features/auth';

/** A bare page (no dashboard shell): reset a forgotten password with an emailed code. */
function ForgotPasswordRoute() {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack gap="lg" w="100%" maw={440}>
        <Box>
          <Logo size={32} />
        </Box>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }} bg="white">
          <ForgotPassword />
        </Paper>
      </Stack>
    </Center>
  );
}

export { ForgotPasswordRoute as Component };
