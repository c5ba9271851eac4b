import type { InspectionSummary } from '@inspecta/contract';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { plural } from '@/lib/plural';

const timeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** After submitting: the result the server computed from the failure rules. */
export function DonePanel({ inspection }: { inspection: InspectionSummary }) {
  const passed = inspection.result === 'pass';
  return (
    <Paper withBorder radius="md" p="xl" data-testid="inspection-done" data-result={inspection.result}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" color={passed ? 'green' : 'red'} variant="light" aria-hidden="true">
          {passed ? <IconCircleCheck size={44} /> : <IconAlertTriangle size={44} />}
        </ThemeIcon>
        <Title order={2}>Inspection submitted</Title>
        <Text fz={28} fw={800} c={passed ? 'green.8' : 'red.8'} data-testid="inspection-result">
          {passed ? 'Passed' : 'Failed'}
        </Text>
        <Text c="dimmed" maw={420}>
          {passed
            ? `Every check passed over ${inspection.unitCount ? plural(inspection.unitCount, 'unit') : 'the site'}.`
            : `${inspection.failedItems} of ${inspection.totalItems} checks failed. The office sees the failures highlighted on the report.`}
        </Text>
        <Text size="sm">
          {inspection.site.name} ({inspection.site.siteCode}) · {inspection.template.name}
        </Text>
        <Text size="xs" c="dimmed">
          Inspection #{inspection.id} · {timeFormat.format(new Date(inspection.completedAt))}
        </Text>
        <Button
          component={Link}
          to={paths.inspector}
          size="lg"
          fullWidth
          maw={360}
          data-testid="back-to-assignments"
        >
          Back to my assignments
        </Button>
      </Stack>
    </Paper>
  );
}
