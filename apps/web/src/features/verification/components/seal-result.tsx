import type { PdfVerification, SealVerification } from '@inspecta/contract';
import {
  Alert,
  Badge,
  Code,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheckFilled, IconCircleXFilled } from '@tabler/icons-react';
import { Fact } from '@/components/ui/fact';
import { plural } from '@/lib/plural';

/** Dark enough on white and on the light badges for WCAG AA (4.5:1). */
const VALID_INK = '#1e5f2c';
const INVALID_INK = '#a11d1d';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string) => when.format(new Date(iso));

/**
 * What one check answered: Valid / Not valid in large type, why not, and only what the printed
 * report shows (who sealed it and when, site, result).
 */
export function SealResult({ result }: { result: SealVerification | PdfVerification }) {
  const { report } = result;
  const valid = result.valid;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      bg="white"
      data-testid="seal-result"
      style={{ borderColor: `var(--mantine-color-${valid ? 'green' : 'red'}-4)`, borderWidth: 2 }}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="center">
          <ThemeIcon size={44} radius="xl" color={valid ? 'green' : 'red'} variant="light" aria-hidden>
            {valid ? <IconCircleCheckFilled size={32} /> : <IconCircleXFilled size={32} />}
          </ThemeIcon>
          <div>
            <Title order={2} size="h2" c={valid ? VALID_INK : INVALID_INK} data-testid="seal-verdict">
              {valid ? 'Valid' : 'Not valid'}
            </Title>
            <Text size="sm" c="dimmed">
              {valid
                ? 'This report is unchanged since it was sealed.'
                : 'This report does not match what was sealed.'}
            </Text>
          </div>
        </Group>
        {result.problems.length ? (
          <Alert color="red" variant="light" title="Why it is not valid">
            <List size="sm">
              {result.problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <Fact label="Sealed">
            {formatWhen(result.sealedAt)}
            {result.sealedLater ? ' (sealed after completion)' : ''}
          </Fact>
          <Fact label="Sealed by">{result.sealedBy}</Fact>
          <Fact label="Site">
            {report.siteName}
            {report.siteCode ? ` · ${report.siteCode}` : ''}
          </Fact>
          <Fact label="Report">
            Inspection #{report.inspectionNumber} · {report.templateName} v{report.templateVersion}
          </Fact>
          <Fact label="Result">
            <Badge
              color={report.result === 'fail' ? 'red' : 'green'}
              variant="light"
              c={report.result === 'fail' ? INVALID_INK : VALID_INK}
              mr={6}
            >
              {report.result === 'fail' ? 'Fail' : 'Pass'}
            </Badge>
            {report.result === 'fail'
              ? `${report.failedItems} of ${report.totalItems} checks failed`
              : `${report.totalItems} checks`}
            {report.unitCount ? ` · ${plural(report.unitCount, 'unit')}` : ''}
          </Fact>
          <Fact label="Completed">{formatWhen(report.completedAt)}</Fact>
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            SHA-256
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {result.hash}
          </Code>
        </div>
      </Stack>
    </Paper>
  );
}
