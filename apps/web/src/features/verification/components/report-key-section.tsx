import { Alert, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useChainVerification } from '../api/get-chain-verification';
import { usePublicKey } from '../api/get-public-key';

/**
 * Settings (administrators): the public key that signs report seals, its fingerprint and where it
 * is published, and a button that checks the whole seal chain.
 */
export function ReportKeySection() {
  const key = usePublicKey();
  const chain = useChainVerification();
  const result = chain.data;
  return (
    <Paper
      component="section"
      id="report-key"
      aria-labelledby="report-key-heading"
      withBorder
      bg="white"
      p={{ base: 'md', sm: 'xl' }}
      data-testid="settings-report-key"
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="report-key-heading">
            Report signing key
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Every completed inspection is sealed and signed with this Ed25519 key. Anyone can fetch it at{' '}
            <Code>/api/verify/public-key</Code> and check a report at <Code>/verify</Code>.
          </Text>
        </div>
        {key.error ? <Alert color="red">{key.error.message}</Alert> : null}
        {key.data ? (
          <>
            <Code
              block
              data-testid="report-public-key"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {key.data.publicKeyPem.trim()}
            </Code>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Fingerprint (SHA-256): <Code>{key.data.fingerprint}</Code>
            </Text>
          </>
        ) : null}
        <Group gap="sm" align="center">
          <Button variant="light" loading={chain.isFetching} onClick={() => void chain.refetch()}>
            Check the whole chain
          </Button>
          {result ? (
            <Text size="sm" c={result.valid ? '#1e5f2c' : '#a11d1d'} fw={600} role="status">
              {result.valid
                ? `Chain intact: ${result.checked.toLocaleString('en-IN')} seals checked in ${(result.elapsedMs / 1000).toFixed(1)} s`
                : `Broken at seal ${result.firstBreak?.sequence}: ${result.firstBreak?.problem}`}
              {result.unsealedCompleted ? ` · ${result.unsealedCompleted} not sealed yet` : ''}
            </Text>
          ) : null}
          {chain.error ? (
            <Text size="sm" c="#a11d1d">
              {chain.error.message}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
