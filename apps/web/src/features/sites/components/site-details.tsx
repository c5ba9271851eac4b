import type { EquipmentSummary, SiteDetails } from '@inspecta/contract';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBuildingFactory2,
  IconClipboardCheck,
  IconExternalLink,
  IconHistory,
  IconMail,
  IconPencil,
  IconPhone,
  IconPlayerPause,
  IconPlayerPlay,
  IconTool,
  IconTrash,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { inspectionPaths, paths, sitePaths } from '@/config/paths';
import { ResultBadge } from '@/features/inspections';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format-relative-time';
import { useSiteCompletedInspections } from '../api/get-site-completed-inspections';
import { useSiteDetails } from '../api/get-site-details';
import { formatDate, formatPhone } from '../lib/format';
import { formatAddress, openStreetMapUrl } from '../lib/map-link';
import { SiteStatusBadge } from './site-status-badge';
import classes from './sites.module.css';
import { useSiteActions } from './use-site-actions';

function Card({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder p="md" bg="white" h="100%" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

function ContactLine({ phone, email }: { phone: string | null; email: string | null }) {
  return (
    <Stack gap={2}>
      {phone ? (
        <Anchor href={`tel:${phone}`} size="sm">
          <IconPhone size={14} aria-hidden="true" /> {formatPhone(phone)}
        </Anchor>
      ) : null}
      {email ? (
        <Anchor href={`mailto:${email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <IconMail size={14} aria-hidden="true" /> {email}
        </Anchor>
      ) : null}
    </Stack>
  );
}

function Stat({ label, value, color }: { label: string; value: ReactNode; color?: string }) {
  return (
    <div className={classes.stat}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color ?? 'dark.9'}>
        {value}
      </Text>
    </div>
  );
}

function EquipmentTab({
  summary,
  siteId,
  panel,
}: {
  summary: EquipmentSummary;
  siteId: number;
  /** The site's equipment list with its actions, supplied by the app (the equipment feature). */
  panel?: ReactNode;
}) {
  const manage = (
    <Anchor component={Link} to={`${paths.equipmentManagement}?site_id=${siteId}`} size="sm">
      Open Equipment Management
    </Anchor>
  );
  if (summary.total === 0 && panel) return panel;
  if (summary.total === 0) {
    return (
      <EmptyState icon={IconTool} data-testid="site-equipment-empty">
        No equipment is registered at this site yet. Units added in Equipment Management appear here with
        their service status and when they are due. <br />
        {manage}
      </EmptyState>
    );
  }
  const due = summary.byDueState;
  return (
    <Stack gap="md" data-testid="site-equipment-summary">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label="Units" value={summary.total} />
        <Stat label="In service" value={summary.byStatus.in_service} color="green.9" />
        <Stat
          label="Out of service"
          value={summary.byStatus.out_of_service}
          color={summary.byStatus.out_of_service ? 'orange.9' : undefined}
        />
        <Stat label="Retired" value={summary.byStatus.retired} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label="Overdue" value={due.overdue} color={due.overdue ? 'red.8' : undefined} />
        <Stat label="Due in 30 days" value={due.dueSoon} color={due.dueSoon ? 'orange.9' : undefined} />
        <Stat label="Up to date" value={due.upToDate} color={due.upToDate ? 'green.9' : undefined} />
        <Stat label="Not scheduled" value={due.notScheduled} />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {summary.nextDueOn
            ? `The earliest due date is ${formatDate(summary.nextDueOn)}. Retired units are not counted as due.`
            : 'No unit has a due date yet.'}
        </Text>
        {manage}
      </Group>
      {panel}
    </Stack>
  );
}

function InspectorsTab({ site }: { site: SiteDetails }) {
  if (site.assignedInspectors.length === 0) {
    return (
      <EmptyState icon={IconUserCheck} data-testid="site-inspectors-empty">
        No inspector is assigned to this site. Inspectors with open assignments here appear in this tab once
        work is assigned in{' '}
        <Anchor component={Link} to={paths.inspectionManagement} inherit>
          Inspection Management
        </Anchor>
        .
      </EmptyState>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="sm" aria-label="Assigned inspectors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Inspector</Table.Th>
            <Table.Th>Contact</Table.Th>
            <Table.Th ta="right">Open assignments</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {site.assignedInspectors.map((inspector) => (
            <Table.Tr key={inspector.id}>
              <Table.Td>{inspector.name}</Table.Td>
              <Table.Td>
                <ContactLine phone={inspector.phone} email={inspector.email} />
              </Table.Td>
              <Table.Td ta="right">{inspector.openAssignments}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HistoryTab({ siteId }: { siteId: number }) {
  const query = useSiteCompletedInspections({ site_id: siteId, page: 1, limit: 20 });
  const navigate = useNavigate();
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={14} />
        <Skeleton height={14} width="80%" />
        <Skeleton height={14} width="60%" />
      </Stack>
    );
  }
  // SPEC.md 8: a failed list fetch shows an empty list.
  const rows = query.data?.data ?? [];
  if (rows.length === 0) {
    return (
      <EmptyState icon={IconHistory} data-testid="site-history-empty">
        No inspection has been completed at this site yet. Completed inspections appear here with their
        result, inspector and report.
        {query.isError ? (
          <>
            <br />
            <Anchor component="button" type="button" size="sm" onClick={() => query.refetch()}>
              Try again
            </Anchor>
          </>
        ) : null}
      </EmptyState>
    );
  }
  const total = query.data?.pagination.total ?? rows.length;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={560}>
        <Table
          verticalSpacing="sm"
          highlightOnHover
          aria-label="Inspection history"
          data-testid="site-history"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Completed</Table.Th>
              <Table.Th>Equipment</Table.Th>
              <Table.Th>Inspector</Table.Th>
              <Table.Th>Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((inspection) => (
              <Table.Tr
                key={inspection.id}
                data-testid="site-history-row"
                style={{ cursor: 'pointer' }}
                // The whole row opens the inspection; the link in it is the keyboard's way there.
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('a')) return;
                  void navigate(inspectionPaths.detail(inspection.id));
                }}
              >
                <Table.Td>
                  <Anchor component={Link} to={inspectionPaths.detail(inspection.id)} size="sm" fw={600}>
                    {formatDateTime(inspection.completedAt)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {inspection.equipment
                    ? `${inspection.equipment.assetTag} · ${inspection.equipment.name}`
                    : 'Whole site or several units'}
                </Table.Td>
                <Table.Td>{inspection.inspector?.name ?? '—'}</Table.Td>
                <Table.Td>
                  <ResultBadge result={inspection.result} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {total > rows.length
            ? `The latest ${rows.length} of ${total} completed inspections.`
            : `${total} completed inspection${total === 1 ? '' : 's'}.`}
        </Text>
        <Anchor component={Link} to={`${inspectionPaths.history}&site=${siteId}`} size="sm">
          Filter and export in Inspection Management
        </Anchor>
      </Group>
    </Stack>
  );
}

function Header({ site }: { site: SiteDetails }) {
  const actions = useSiteActions(site, site.equipmentSummary.total);
  const busy = actions.busy !== null;
  return (
    <Stack gap="xs" mb="lg">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to={paths.siteManagement} size="sm">
          Site Management
        </Anchor>
        <Text size="sm" c="dimmed">
          {site.siteCode}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={6}>
          <Title order={1}>{site.name}</Title>
          <Group gap="xs">
            <SiteStatusBadge status={site.status} size="md" />
            <Text size="sm" ff="monospace" fw={600} c="dark.7" data-testid="site-code">
              {site.siteCode}
            </Text>
            <Text size="sm" c="dimmed">
              · Added {formatDateTime(site.createdAt)}
              {site.createdBy ? ` by ${site.createdBy.name}` : ''}
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          {site.status === 'draft' ? (
            <>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={actions.discard}
                loading={actions.busy === 'discard'}
                disabled={busy}
              >
                Discard draft
              </Button>
              <Button
                component={Link}
                to={`${sitePaths.edit(site.id)}?step=1`}
                leftSection={<IconPencil size={16} aria-hidden="true" />}
              >
                Continue setup
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={actions.remove}
                loading={actions.busy === 'delete'}
                disabled={busy}
              >
                Delete
              </Button>
              {site.status === 'active' ? (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPause size={16} aria-hidden="true" />}
                  onClick={actions.deactivate}
                  loading={actions.busy === 'deactivate'}
                  disabled={busy}
                >
                  Deactivate
                </Button>
              ) : (
                <Button
                  variant="default"
                  leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
                  onClick={actions.reactivate}
                  loading={actions.busy === 'reactivate'}
                  disabled={busy}
                >
                  Reactivate
                </Button>
              )}
              <Button
                component={Link}
                to={`${sitePaths.edit(site.id)}?step=1`}
                leftSection={<IconPencil size={16} aria-hidden="true" />}
              >
                Edit
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

function DetailsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="site-details-loading">
      <Skeleton height={14} width={180} />
      <Skeleton height={30} width="40%" />
      <Skeleton height={18} width="25%" />
      <Grid>
        {[0, 1, 2].map((key) => (
          <Grid.Col key={key} span={{ base: 12, md: 4 }}>
            <Skeleton height={150} />
          </Grid.Col>
        ))}
      </Grid>
      <Skeleton height={200} />
    </Stack>
  );
}

/** What an address of a site that does not exist shows, inside the dashboard. */
export function SiteNotFound() {
  return (
    <EmptyState icon={IconBuildingFactory2} data-testid="site-not-found">
      <Stack gap="sm" align="center">
        <span>This site does not exist. It may have been discarded or deleted.</span>
        <Button size="xs" component={Link} to={paths.siteManagement}>
          Back to Site Management
        </Button>
      </Stack>
    </EmptyState>
  );
}

/** The site's page: status and actions, address with a map link, client, contacts and its registers. */
export function SiteDetailsView({ siteId, equipmentPanel }: { siteId: number; equipmentPanel?: ReactNode }) {
  const query = useSiteDetails(siteId);

  if (query.isPending) return <DetailsSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <SiteNotFound />;
    return (
      <EmptyState icon={IconBuildingFactory2} data-testid="site-load-failed">
        <Stack gap="sm" align="center">
          <span>The site could not be loaded.</span>
          <Group gap="sm">
            <Button size="xs" variant="default" onClick={() => query.refetch()}>
              Try again
            </Button>
            <Button size="xs" component={Link} to={paths.siteManagement}>
              Back to Site Management
            </Button>
          </Group>
        </Stack>
      </EmptyState>
    );
  }

  const site = query.data.site;
  const address = formatAddress(site);
  const mapUrl = openStreetMapUrl(site);

  return (
    <>
      <Header site={site} />
      {site.status === 'draft' ? (
        <Alert color="yellow" variant="light" mb="md" title="This site is a draft">
          <Text size="sm" c="dark.8">
            It is not in use until it is saved. Continue the setup to fill in what is missing and save it.
          </Text>
        </Alert>
      ) : null}
      <Grid mb="md" gutter="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card
            title="Address"
            action={
              mapUrl ? (
                <Anchor
                  href={mapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  data-testid="map-link"
                >
                  Map <IconExternalLink size={12} aria-hidden="true" />
                  <VisuallyHidden> (opens OpenStreetMap in a new tab)</VisuallyHidden>
                </Anchor>
              ) : null
            }
          >
            {address ? (
              <Stack gap={2}>
                {site.addressLine1 ? <Text size="sm">{site.addressLine1}</Text> : null}
                {site.addressLine2 ? <Text size="sm">{site.addressLine2}</Text> : null}
                <Text size="sm">{[site.city, site.pincode].filter(Boolean).join(' ')}</Text>
                <Text size="sm" c="dimmed">
                  {[site.district, site.state, site.country].filter(Boolean).join(', ')}
                </Text>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                No address yet.
              </Text>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card title="Client">
            {site.client ? (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {site.client.company ?? site.client.name}
                </Text>
                {site.client.company ? <Text size="sm">{site.client.name}</Text> : null}
                <ContactLine phone={site.client.phone} email={site.client.email} />
                {site.client.status !== 'active' ? (
                  <Badge color="gray" variant="light" w="fit-content">
                    Client deactivated
                  </Badge>
                ) : null}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                No client chosen yet.
              </Text>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card title="Contacts">
            {site.contactName || site.otherContacts.length ? (
              <Stack gap="sm">
                {site.contactName ? (
                  <div>
                    <Text size="sm" fw={600}>
                      {site.contactName}{' '}
                      <Text span size="xs" c="dimmed">
                        Primary
                      </Text>
                    </Text>
                    <ContactLine phone={site.contactPhone} email={site.contactEmail} />
                  </div>
                ) : null}
                {site.otherContacts.map((contact) => (
                  <div key={`${contact.name}-${contact.phone}-${contact.email}`}>
                    <Text size="sm" fw={600}>
                      {contact.name}{' '}
                      {contact.role ? (
                        <Text span size="xs" c="dimmed">
                          {contact.role}
                        </Text>
                      ) : null}
                    </Text>
                    <ContactLine phone={contact.phone} email={contact.email} />
                  </div>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                No contacts yet.
              </Text>
            )}
          </Card>
        </Grid.Col>
        {site.notes ? (
          <Grid.Col span={12}>
            <Card title="Notes">
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {site.notes}
              </Text>
            </Card>
          </Grid.Col>
        ) : null}
      </Grid>

      <Paper withBorder bg="white" p="md">
        <Tabs defaultValue="equipment" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="equipment" leftSection={<IconTool size={16} aria-hidden="true" />}>
              Equipment ({site.equipmentSummary.total})
            </Tabs.Tab>
            <Tabs.Tab value="inspectors" leftSection={<IconUserCheck size={16} aria-hidden="true" />}>
              Assigned inspectors ({site.assignedInspectors.length})
            </Tabs.Tab>
            <Tabs.Tab value="history" leftSection={<IconClipboardCheck size={16} aria-hidden="true" />}>
              Inspection history
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="equipment">
            <EquipmentTab summary={site.equipmentSummary} siteId={site.id} panel={equipmentPanel} />
          </Tabs.Panel>
          <Tabs.Panel value="inspectors">
            <InspectorsTab site={site} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <HistoryTab siteId={site.id} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </>
  );
}
