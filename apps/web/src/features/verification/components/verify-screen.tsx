import { sealIdSchema } from '@inspecta/contract';
import { Alert, Box, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Logo } from '@/components/ui/logo';
import { isApiError } from '@/lib/api-client';
import { useSealVerification } from '../api/get-seal-verification';
import { CheckHashForm, CheckPdfForm } from './check-forms';
import { SealResult } from './seal-result';

function SealCheck({ sealId }: { sealId: string }) {
  const valid = sealIdSchema.safeParse(sealId).success;
  const query = useSealVerification(valid ? sealId : null);
  if (!valid || (isApiError(query.error) && query.error.status === 404))
    return (
      <Alert color="red" variant="light" title="No such seal" role="alert">
        There is no sealed report with the id “{sealId}”. Check the address, or check the PDF or its hash
        below.
      </Alert>
    );
  if (query.error)
    return (
      <Alert color="red" variant="light" title="The check did not run" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  if (!query.data)
    return (
      <Stack align="center" py="xl" gap="xs">
        <Loader aria-label="Checking the seal" />
        <Text size="sm" c="dimmed">
          Checking the seal…
        </Text>
      </Stack>
    );
  return <SealResult result={query.data} />;
}

/**
 * The public verification page (/verify/:sealId and /verify): the seal of the report's QR code
 * checked at once, and "Check a PDF" / "Check a hash" for anyone without the link.
 */
export function VerifyScreen({ sealId }: { sealId: string | null }) {
  return (
    <Box component="main" mih="100vh" bg="gray.0" py={{ base: 'md', sm: 40 }}>
      <Container size={720} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">
          <Logo size={28} />
          <div>
            <Title order={1} size="h2">
              {sealId ? 'Inspection report check' : 'Check an inspection report'}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Every completed inspection is sealed with the organisation’s signing key. The check compares the
              report with the records as they are now.
            </Text>
          </div>
          {sealId ? <SealCheck sealId={sealId} /> : null}
          <CheckPdfForm />
          <CheckHashForm />
        </Stack>
      </Container>
    </Box>
  );
}
