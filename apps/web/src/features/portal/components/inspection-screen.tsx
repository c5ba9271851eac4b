import type { PortalInspectionDetail, PortalSeal, UnitResult } from '@inspecta/contract';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconDownload,
  IconShieldCheck,
  IconShieldSearch,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Fact } from '@/components/ui/fact';
import { ResultBadge } from '@/components/ui/result-badge';
import { portalPaths } from '@/config/paths';
import {
  failedItems,
  failedItemsLabel,
  formatDateTime,
  ImageViewer,
  InspectionItemRow,
  itemAnchor,
  type OpenImages,
  outcomesByKey,
  unitName,
} from '@/features/inspections';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { useDownloadPortalReport } from '../api/download-report';
import { usePortalInspection } from '../api/get-inspection';
import { plural } from '../lib/status';
import { BackLink } from './back-link';
import classes from './portal.module.css';
import { PortalNotFound } from './portal-not-found';

function ActionLink({ actionId }: { actionId: number | null }) {
  if (!actionId) return null;
  return (
    <Anchor component={Link} to={portalPaths.action(actionId)} size="sm" fw={600}>
      Corrective action #{actionId}
    </Anchor>
  );
}

function UnitSection({
  inspection,
  unit,
  unitIndex,
  onOpenImages,
}: {
  inspection: PortalInspectionDetail;
  unit: UnitResult;
  unitIndex: number;
  onOpenImages: OpenImages;
}) {
  const outcomes = outcomesByKey(unit.items);
  const name = unitName(unit);
  const headingId = `portal-unit-${unitIndex}`;
  return (
    <Paper
      withBorder
      radius="md"
      bg="white"
      component="section"
      aria-labelledby={headingId}
      data-testid="portal-inspection-unit"
      data-result={unit.result}
      style={{ overflow: 'hidden' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" p="sm" bg="gray.0" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Title order={3} fz="sm" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {unit.equipment?.type || unit.equipment?.serialNumber ? (
            <Text size="xs" c="dark.4">
              {[
                unit.equipment.type,
                unit.equipment.serialNumber ? `S/N ${unit.equipment.serialNumber}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          ) : null}
        </div>
        <ResultBadge result={unit.result} radius="sm" />
      </Group>
      {inspection.content.sections.map((section) => (
        <div key={section.key}>
          <Text fz="xs" tt="uppercase" fw={700} c="dark.5" px="sm" pt="sm" pb={4}>
            {section.title}
          </Text>
          {section.items.map((item) => (
            <InspectionItemRow
              key={item.key}
              item={item}
              answer={unit.answers[item.key]}
              result={outcomes.get(item.key)}
              anchor={itemAnchor(unitIndex, item.key)}
              onOpenImages={onOpenImages}
              testId="portal-item"
              action={<ActionLink actionId={outcomes.get(item.key)?.actionId ?? null} />}
            />
          ))}
        </div>
      ))}
    </Paper>
  );
}

function SealBox({ seal, inspectionId }: { seal: PortalSeal | null; inspectionId: number }) {
  const report = useDownloadPortalReport();
  const download = () =>
    report.mutate(inspectionId, {
      onSuccess: (name) =>
        notifications.show({ color: 'teal', title: 'Report downloaded', message: `${name} was saved` }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'The report could not be downloaded',
          message: isApiError(error) ? error.message : 'Please try again.',
        }),
    });
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="white"
      component="section"
      aria-labelledby="seal-heading"
      data-testid="portal-seal"
      style={{ borderColor: seal ? 'var(--mantine-color-brand-4)' : undefined }}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconShieldCheck size={22} color="var(--mantine-color-brand-7)" aria-hidden="true" />
          <Title order={2} size="h4" id="seal-heading">
            {seal ? 'Sealed report' : 'Report'}
          </Title>
        </Group>
        {seal ? (
          <>
            <Text size="sm" c="dark.4">
              This report is sealed with the organisation’s signing key. Anyone can check that it has not been
              changed since.
            </Text>
            <Fact label="Seal ID">
              <span className={classes.mono} data-testid="seal-id">
                {seal.id}
              </span>
            </Fact>
            <Fact label="SHA-256 hash">
              <span className={classes.mono} data-testid="seal-hash">
                {seal.hash}
              </span>
            </Fact>
            <Fact label="Sealed at">{formatDateTime(seal.sealedAt)}</Fact>
            <Anchor component={Link} to={seal.verifyPath} fw={600} size="sm" data-testid="verify-link">
              <Group gap={6} component="span" wrap="nowrap">
                <IconShieldSearch size={18} aria-hidden="true" />
                Verify this report
              </Group>
            </Anchor>
          </>
        ) : (
          <Text size="sm" c="dark.4">
            The seal is being added; the seal ID and the link to check it appear here shortly.
          </Text>
        )}
        <Button
          size="md"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          onClick={download}
          loading={report.isPending}
          data-testid="portal-report-download"
        >
          Download report (PDF)
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * One completed inspection as its client reads it: the result, every unit's answers with failed
 * items highlighted, photos and signature, the inspector's remarks, and the seal with the link to
 * the public check and the PDF report. The assignment's internal notes are never part of it.
 */
export function InspectionScreen({ inspectionId }: { inspectionId: number }) {
  const query = usePortalInspection(inspectionId);
  const [images, setImages] = useState<{ urls: string[]; index: number; title: string } | null>(null);

  if (query.isPending)
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the inspection">
        <Skeleton height={32} width="60%" />
        <Skeleton height={160} radius="md" />
        <Skeleton height={280} radius="md" />
      </Stack>
    );
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
      return <PortalNotFound what="inspection" />;
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden="true" />}
        title="Could not load the inspection"
      >
        <Text size="sm" mb="sm">
          {query.error.message}
        </Text>
        <Button size="sm" variant="light" color="red" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const inspection = query.data.inspection;
  const failures = failedItems(inspection);
  const jumpTo = (unitIndex: number, key: string) => {
    const row = document.getElementById(itemAnchor(unitIndex, key));
    row?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    row?.focus({ preventScroll: true });
  };

  return (
    <Stack gap="md">
      <div>
        <BackLink to={portalPaths.site(inspection.site.id)}>{inspection.site.name}</BackLink>
        <Title order={1} size="h2" mt={6}>
          Inspection #{inspection.id}
        </Title>
        <Group gap="xs" mt={4}>
          <ResultBadge result={inspection.result} size="lg" />
          <Text size="sm" c={inspection.result === 'fail' ? 'red.9' : 'dark.4'} fw={500}>
            {inspection.result === 'fail'
              ? `${failedItemsLabel(inspection.failedItems)} of ${inspection.totalItems}`
              : `All ${inspection.totalItems} checked items passed`}
          </Text>
        </Group>
      </div>

      <Paper withBorder radius="md" p="md" bg="white" component="section" aria-label="Summary">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label="Site">
            <Anchor component={Link} to={portalPaths.site(inspection.site.id)} fw={600} inherit>
              {inspection.site.name}
            </Anchor>
            <Text size="xs" c="dark.4">
              {inspection.site.siteCode}
              {inspection.site.city ? ` · ${inspection.site.city}` : ''}
            </Text>
          </Fact>
          <Fact label="Completed">{formatDateTime(inspection.completedAt)}</Fact>
          <Fact label="Inspector">{inspection.inspector.name}</Fact>
          <Fact label="Inspection">{inspection.category.name}</Fact>
          <Fact label="Checklist">
            {inspection.template.name}
            <Text size="xs" c="dark.4">
              Version {inspection.template.version}
            </Text>
          </Fact>
          <Fact label="Scheduled">{formatDay(inspection.scheduledFor)}</Fact>
          <Fact label="Units">{plural(inspection.unitCount, 'unit')}</Fact>
          <Fact label="Open actions">{inspection.openActions.toLocaleString('en-IN')}</Fact>
        </SimpleGrid>
      </Paper>

      <SealBox seal={inspection.seal} inspectionId={inspection.id} />

      {failures.length ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title={failedItemsLabel(failures.length)}
          styles={{ title: { color: 'var(--mantine-color-red-8)' } }}
          data-testid="portal-failed-items"
        >
          <Stack gap={6}>
            {failures.map((f) => (
              <Anchor
                key={`${f.unitIndex}-${f.item.key}`}
                component="button"
                type="button"
                onClick={() => jumpTo(f.unitIndex, f.item.key)}
                fz="sm"
                c="dark.8"
                ta="left"
              >
                <Text span fw={600} c="red.8" inherit>
                  {f.item.label}
                </Text>
                {f.reason ? ` — ${f.reason}` : ''}
                <Text span c="dark.4" inherit>
                  {inspection.units.length > 1 || inspection.units[0]?.equipment ? ` · ${f.unitName}` : ''}
                </Text>
              </Anchor>
            ))}
          </Stack>
        </Alert>
      ) : null}

      {inspection.remarks ? (
        <Paper withBorder radius="md" p="md" bg="white" component="section" aria-labelledby="remarks-heading">
          <Title order={2} size="h4" id="remarks-heading" mb="xs">
            Inspector’s remarks
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {inspection.remarks}
          </Text>
        </Paper>
      ) : null}

      <Title order={2} size="h3">
        {inspection.units.length === 1 && !inspection.units[0]?.equipment
          ? 'Answers'
          : `Units (${inspection.units.length})`}
      </Title>
      {inspection.units.map((unit, index) => (
        <UnitSection
          key={unit.equipment?.id ?? `site-${index}`}
          inspection={inspection}
          unit={unit}
          unitIndex={index}
          onOpenImages={setImages}
        />
      ))}
      <ImageViewer images={images} onClose={() => setImages(null)} />
    </Stack>
  );
}
