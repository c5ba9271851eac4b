import type { InspectionDetail, ItemResult, UnitResult } from '@inspecta/contract';
import {
  Accordion,
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  ColorSwatch,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconChevronLeft,
  IconChevronRight,
  IconClipboardX,
  IconDownload,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Fact } from '@/components/ui/fact';
import { ResultBadge } from '@/components/ui/result-badge';
import { inspectionPaths, paths, sitePaths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { useDownloadInspectionReport } from '../api/download-inspection-report';
import { useInspection } from '../api/get-inspection';
import {
  failedItems,
  failedItemsLabel,
  formatDateTime,
  itemAnchor,
  outcomesByKey,
  unitName,
} from '../lib/format';
import type { OpenImages } from './answer-view';
import { InspectionItemRow } from './inspection-item-row';

/** One answer of an inspection, as the corrective actions feature needs it to link or create an action. */
export interface InspectionItemContext {
  inspectionId: number;
  equipmentId: number | null;
  unitName: string;
  itemKey: string;
  itemLabel: string;
  outcome: ItemResult['outcome'] | undefined;
  /** Its corrective action (the latest), if any. */
  actionId: number | null;
}

/** What the app shows under an answer (the corrective actions feature's link or "Create action"). */
export type RenderItemAction = (context: InspectionItemContext) => ReactNode;

function UnitPanel({
  inspection,
  unit,
  unitIndex,
  onOpenImages,
  renderItemAction,
}: {
  inspection: InspectionDetail;
  unit: UnitResult;
  unitIndex: number;
  onOpenImages: OpenImages;
  renderItemAction?: RenderItemAction | undefined;
}) {
  const outcomes = outcomesByKey(unit.items);
  return (
    <Stack gap="md">
      {inspection.content.sections.map((section) => (
        <section key={section.key} aria-label={`${unitName(unit)}: ${section.title}`}>
          <Title order={4} fz="sm" tt="uppercase" c="dark.6" mb={4}>
            {section.title}
          </Title>
          <div>
            {section.items.map((item) => (
              <InspectionItemRow
                key={item.key}
                item={item}
                answer={unit.answers[item.key]}
                result={outcomes.get(item.key)}
                anchor={itemAnchor(unitIndex, item.key)}
                onOpenImages={onOpenImages}
                action={renderItemAction?.({
                  inspectionId: inspection.id,
                  equipmentId: unit.equipment?.id ?? null,
                  unitName: unitName(unit),
                  itemKey: item.key,
                  itemLabel: item.label,
                  outcome: outcomes.get(item.key)?.outcome,
                  actionId: outcomes.get(item.key)?.actionId ?? null,
                })}
              />
            ))}
          </div>
        </section>
      ))}
    </Stack>
  );
}

export function ImageViewer({
  images,
  onClose,
}: {
  images: { urls: string[]; index: number; title: string } | null;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState<typeof images>(null);
  if (images !== shown) {
    setShown(images);
    setIndex(images?.index ?? 0);
  }
  const count = images?.urls.length ?? 0;
  const url = images?.urls[index];
  return (
    <Modal
      opened={images !== null}
      onClose={onClose}
      title={images ? `${images.title}${count > 1 ? ` (${index + 1} of ${count})` : ''}` : ''}
      size="xl"
      centered
    >
      {url ? (
        <Stack gap="sm">
          <Image
            src={url}
            alt={`${images?.title}${count > 1 ? `, image ${index + 1} of ${count}` : ''}`}
            fit="contain"
            mah="70vh"
            bg="gray.0"
            data-testid="image-viewer-image"
          />
          {count > 1 ? (
            <Group justify="center" gap="sm">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Previous image"
                onClick={() => setIndex((i) => (i - 1 + count) % count)}
              >
                <IconChevronLeft size={18} aria-hidden="true" />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Next image"
                onClick={() => setIndex((i) => (i + 1) % count)}
              >
                <IconChevronRight size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ) : null}
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" ta="center">
            Open the full-size image in a new tab
          </Anchor>
        </Stack>
      ) : null}
    </Modal>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="inspection-loading">
      <Skeleton height={14} width={220} />
      <Skeleton height={32} width="45%" />
      <Skeleton height={120} />
      <Skeleton height={280} />
    </Stack>
  );
}

/** What the address of an inspection that does not exist shows. */
export function InspectionNotFound() {
  return (
    <EmptyState icon={IconClipboardX} data-testid="inspection-not-found">
      {/* EmptyState's text is a paragraph: only phrasing content inside. */}
      This inspection does not exist, or it has not been completed yet.
      <br />
      <Button size="xs" mt="sm" component={Link} to={inspectionPaths.history}>
        Back to the inspection history
      </Button>
    </EmptyState>
  );
}

/**
 * A completed inspection: result, where and by whom, every answer of every unit (photos, signature,
 * failed items highlighted with their reason), remarks, and the PDF report.
 */
export function InspectionDetailView({
  inspectionId,
  renderItemAction,
}: {
  inspectionId: number;
  /** Under each answer: its corrective action, or a way to create one (supplied by the app). */
  renderItemAction?: RenderItemAction;
}) {
  const query = useInspection(inspectionId);
  const report = useDownloadInspectionReport();
  const [images, setImages] = useState<{ urls: string[]; index: number; title: string } | null>(null);
  const [openUnits, setOpenUnits] = useState<string[] | null>(null);

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) {
      return <InspectionNotFound />;
    }
    return (
      <EmptyState icon={IconClipboardX} data-testid="inspection-load-failed">
        The inspection could not be loaded.
        <br />
        <Button
          size="xs"
          mt="sm"
          mr="sm"
          variant="default"
          onClick={() => query.refetch()}
          loading={query.isFetching}
        >
          Try again
        </Button>
        <Button size="xs" mt="sm" component={Link} to={inspectionPaths.history}>
          Back to the inspection history
        </Button>
      </EmptyState>
    );
  }

  const inspection = query.data.inspection;
  const failures = failedItems(inspection);
  // Units with a failure open first; a short inspection opens whole.
  const defaultOpen = inspection.units
    .map((unit, index) => ({ unit, index }))
    .filter(({ unit }) => inspection.units.length <= 3 || unit.result === 'fail')
    .map(({ index }) => String(index));
  const opened = openUnits ?? defaultOpen;

  const download = () =>
    report.mutate(inspection.id, {
      onSuccess: (name) =>
        notifications.show({ color: 'teal', title: 'Report downloaded', message: `${name} was saved` }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'The report could not be downloaded',
          message: isApiError(error) ? error.message : 'Please try again.',
        }),
    });

  const jumpTo = (unitIndex: number, key: string) => {
    const value = String(unitIndex);
    if (!opened.includes(value)) setOpenUnits([...opened, value]);
    // After the accordion has opened the unit.
    window.setTimeout(() => {
      const row = document.getElementById(itemAnchor(unitIndex, key));
      row?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      row?.focus({ preventScroll: true });
    }, 250);
  };

  return (
    <>
      <Stack gap="xs" mb="lg">
        <Breadcrumbs separator="›">
          <Anchor component={Link} to={paths.inspectionManagement} size="sm">
            Inspection Management
          </Anchor>
          <Anchor component={Link} to={inspectionPaths.history} size="sm">
            Completed history
          </Anchor>
          <Text size="sm" c="dimmed">
            #{inspection.id}
          </Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <Stack gap={6}>
            <Title order={1}>Inspection #{inspection.id}</Title>
            <Group gap="xs">
              <ResultBadge result={inspection.result} size="lg" />
              <Text size="sm" c={inspection.result === 'fail' ? 'red.9' : 'dimmed'} fw={500}>
                {inspection.result === 'fail'
                  ? `${failedItemsLabel(inspection.failedItems)} of ${inspection.totalItems}`
                  : `All ${inspection.totalItems} checked items passed`}
              </Text>
            </Group>
          </Stack>
          <Button
            leftSection={<IconDownload size={18} aria-hidden="true" />}
            onClick={download}
            loading={report.isPending}
            data-testid="inspection-report-download"
          >
            Download PDF
          </Button>
        </Group>
      </Stack>

      <Paper withBorder bg="white" p="md" mb="md" component="section" aria-label="Summary">
        <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="md" verticalSpacing="md">
          <Fact label="Site">
            <Anchor component={Link} to={sitePaths.details(inspection.site.id)} fw={600} inherit>
              {inspection.site.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {inspection.site.siteCode}
              {inspection.site.city ? ` · ${inspection.site.city}` : ''}
            </Text>
          </Fact>
          <Fact label="Client">{inspection.site.clientName ?? '—'}</Fact>
          <Fact label="Inspector">{inspection.inspector.name}</Fact>
          <Fact label="Category">
            <Group gap={6} wrap="nowrap">
              <ColorSwatch color={inspection.category.colour} size={10} withShadow={false} aria-hidden />
              <span>{inspection.category.name}</span>
            </Group>
          </Fact>
          <Fact label="Template">
            {inspection.template.name}
            <Text size="xs" c="dimmed">
              Version {inspection.template.version}
            </Text>
          </Fact>
          <Fact label="Scheduled / due">
            {formatDay(inspection.scheduledFor)} – {formatDay(inspection.dueOn)}
          </Fact>
          <Fact label="Started">{formatDateTime(inspection.startedAt, { zone: true })}</Fact>
          <Fact label="Completed">{formatDateTime(inspection.completedAt, { zone: true })}</Fact>
        </SimpleGrid>
      </Paper>

      {failures.length ? (
        <Alert
          color="red"
          variant="light"
          mb="md"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title={failedItemsLabel(failures.length)}
          styles={{ title: { color: 'var(--mantine-color-red-8)' } }}
          data-testid="failed-items-summary"
        >
          <Stack gap={6}>
            {failures.map((f) => (
              <Group key={`${f.unitIndex}-${f.item.key}`} gap="xs" wrap="nowrap" align="flex-start">
                <UnstyledButton
                  onClick={() => jumpTo(f.unitIndex, f.item.key)}
                  fz="sm"
                  c="dark.8"
                  style={{ textAlign: 'left', flex: 1 }}
                >
                  <Text span fw={600} c="red.8" inherit>
                    {f.item.label}
                  </Text>
                  {f.reason ? ` — ${f.reason}` : ''}
                  <Text span c="gray.7" inherit>
                    {inspection.units.length > 1 || inspection.units[0]?.equipment ? ` · ${f.unitName}` : ''}
                    {f.sectionTitle ? ` · ${f.sectionTitle}` : ''}
                  </Text>
                </UnstyledButton>
                {f.actionId ? (
                  <Anchor
                    component={Link}
                    to={inspectionPaths.action(f.actionId)}
                    size="sm"
                    fw={600}
                    style={{ whiteSpace: 'nowrap' }}
                    data-testid="failure-action-link"
                  >
                    Action #{f.actionId}
                  </Anchor>
                ) : null}
              </Group>
            ))}
          </Stack>
        </Alert>
      ) : null}

      {inspection.remarks ? (
        <Paper withBorder bg="white" p="md" mb="md" component="section" aria-label="Remarks">
          <Title order={2} fz="h4" mb="xs">
            Remarks
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="inspection-remarks">
            {inspection.remarks}
          </Text>
        </Paper>
      ) : null}

      <Title order={2} fz="h3" mb="sm">
        {inspection.units.length === 1 && !inspection.units[0]?.equipment
          ? 'Answers'
          : `Units (${inspection.units.length})`}
      </Title>
      <Accordion
        multiple
        value={opened}
        onChange={setOpenUnits}
        variant="separated"
        chevronPosition="right"
        data-testid="inspection-units"
      >
        {inspection.units.map((unit, index) => {
          const unitFailures = unit.items.filter((i) => i.outcome === 'fail').length;
          return (
            <Accordion.Item
              key={unit.equipment?.id ?? `site-${index}`}
              value={String(index)}
              bg="white"
              data-testid="inspection-unit"
              data-result={unit.result}
            >
              <Accordion.Control>
                <Group justify="space-between" gap="sm" wrap="wrap" pr="xs">
                  <Box>
                    <Text fw={600} size="sm">
                      {unitName(unit)}
                    </Text>
                    {unit.equipment?.type || unit.equipment?.serialNumber ? (
                      <Text size="xs" c="dimmed">
                        {[
                          unit.equipment.type,
                          unit.equipment.serialNumber ? `S/N ${unit.equipment.serialNumber}` : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    ) : null}
                  </Box>
                  <Group gap="xs">
                    {unitFailures ? (
                      <Text size="xs" c="red.9" fw={600}>
                        {failedItemsLabel(unitFailures)}
                      </Text>
                    ) : null}
                    <ResultBadge result={unit.result} />
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {/* Only open units are rendered: an inspection can cover dozens of units. */}
                {opened.includes(String(index)) ? (
                  <UnitPanel
                    inspection={inspection}
                    unit={unit}
                    unitIndex={index}
                    onOpenImages={setImages}
                    renderItemAction={renderItemAction}
                  />
                ) : null}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>

      <ImageViewer images={images} onClose={() => setImages(null)} />
    </>
  );
}
