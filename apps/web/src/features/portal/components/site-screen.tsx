import type { PortalSite, PortalUnit } from '@inspecta/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Chip,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconCalendarPlus,
  IconClipboardList,
  IconSearch,
  IconShieldCheck,
  IconTool,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Fact } from '@/components/ui/fact';
import { Pager } from '@/components/ui/pager';
import { ResultBadge } from '@/components/ui/result-badge';
import { paths, portalPaths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { usePortalInspections } from '../api/get-inspections';
import { usePortalSite } from '../api/get-site';
import { usePortalSiteEquipment } from '../api/get-site-equipment';
import { plural, unitDue } from '../lib/status';
import { BackLink } from './back-link';
import { CertificatePanel } from './certificate-panel';
import { CountBadges } from './count-badges';
import classes from './portal.module.css';
import { PortalNotFound } from './portal-not-found';

const EQUIPMENT_PAGE_SIZE = 10;
const HISTORY_PAGE_SIZE = 10;

function addressLines(site: PortalSite): string[] {
  const place = [site.city, site.district && site.district !== site.city ? site.district : null, site.state]
    .filter(Boolean)
    .join(', ');
  return [
    site.addressLine1,
    site.addressLine2,
    [place, site.pincode].filter(Boolean).join(' '),
    site.country,
  ].filter((line): line is string => Boolean(line));
}

function SiteFacts({ site }: { site: PortalSite }) {
  const address = addressLines(site);
  return (
    <Paper withBorder radius="md" p="md" bg="white" component="section" aria-labelledby="site-facts-heading">
      <Title order={2} size="h4" id="site-facts-heading" mb="sm">
        Address and contact
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Fact label="Address">
          {address.length ? address.map((line) => <div key={line}>{line}</div>) : '—'}
        </Fact>
        <Fact label="Site contact">
          {site.contactName ? <div>{site.contactName}</div> : null}
          {site.contactPhone ? (
            <div>
              <Anchor href={`tel:${site.contactPhone.replace(/\s/g, '')}`} inherit>
                {site.contactPhone}
              </Anchor>
            </div>
          ) : null}
          {site.contactEmail ? (
            <div>
              <Anchor href={`mailto:${site.contactEmail}`} inherit>
                {site.contactEmail}
              </Anchor>
            </div>
          ) : null}
          {!site.contactName && !site.contactPhone && !site.contactEmail ? '—' : null}
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}

function SiteStatus({ site }: { site: PortalSite }) {
  return (
    <Paper withBorder radius="md" p="md" bg="white" component="section" aria-labelledby="site-status-heading">
      <Title order={2} size="h4" id="site-status-heading" mb="sm">
        Compliance
      </Title>
      <Stack gap="sm">
        <CountBadges units={site.units} />
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label="Next inspection">
            {site.nextInspectionOn ? formatDay(site.nextInspectionOn) : 'Not scheduled'}
          </Fact>
          <Fact label="Open actions">{site.openActions.toLocaleString('en-IN')}</Fact>
          <Fact label="Last inspected">
            {site.lastInspectedAt ? formatDay(site.lastInspectedAt) : 'Never'}
          </Fact>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function UnitCard({ unit }: { unit: PortalUnit }) {
  const due = unitDue(unit);
  const failed = unit.lastResult === 'fail';
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.card}
      data-attention={failed ? 'failed' : (unit.dueStatus ?? 'ok')}
      data-testid="portal-unit"
      data-unit-id={unit.id}
    >
      <Stack gap={6}>
        <div>
          <Text component="h3" fw={700} fz="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {unit.name}
          </Text>
          <Text size="xs" c="dark.4" style={{ overflowWrap: 'anywhere' }}>
            {[unit.assetTag, unit.type, unit.location].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Group gap={6}>
          <Badge color={due.color} variant="filled" radius="sm" tt="none" data-testid="unit-due">
            {due.label}
          </Badge>
          {unit.lastResult ? <ResultBadge result={unit.lastResult} radius="sm" /> : null}
          {unit.status === 'out_of_service' ? (
            <Badge color="gray.7" variant="light" radius="sm" tt="none">
              Out of service
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dark.4">
          Last inspected {unit.lastInspectedAt ? formatDay(unit.lastInspectedAt) : 'never'}
          {unit.nextDueOn ? ` · next due ${formatDay(unit.nextDueOn)}` : ''}
        </Text>
      </Stack>
    </Paper>
  );
}

const dueChips = [
  { value: 'all', label: 'All' },
  { value: 'failed', label: 'Failed' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due_soon', label: 'Due soon' },
  { value: 'ok', label: 'In date' },
] as const;
type DueChip = (typeof dueChips)[number]['value'];

function EquipmentSection({ siteId }: { siteId: number }) {
  const [due, setDue] = useState<DueChip>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = usePortalSiteEquipment(siteId, {
    due,
    search: debounced || undefined,
    page,
    limit: EQUIPMENT_PAGE_SIZE,
  });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.pagination.total / data.pagination.limit)) : 1;
  return (
    <Stack gap="xs" component="section" aria-labelledby="equipment-heading">
      <Title order={2} size="h3" id="equipment-heading">
        Equipment
        {data ? (
          <Text span c="dark.4" fz="sm" fw={500}>
            {' '}
            ({data.pagination.total.toLocaleString('en-IN')})
          </Text>
        ) : null}
      </Title>
      <TextInput
        label="Search equipment"
        placeholder="Name, asset tag, serial number or location"
        type="search"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <Chip.Group
        multiple={false}
        value={due}
        onChange={(value) => {
          setDue(value as DueChip);
          setPage(1);
        }}
      >
        <Group gap={8} role="group" aria-label="Show equipment">
          {dueChips.map((chip) => (
            <Chip key={chip.value} value={chip.value} size="sm">
              {chip.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {query.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading equipment">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={100} radius="md" />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden="true" />}
          title="Could not load the equipment"
        >
          {query.error.message}
        </Alert>
      ) : data && data.equipments.length === 0 ? (
        <EmptyState icon={IconTool}>
          {debounced || due !== 'all' ? 'No equipment matches.' : 'No equipment is registered at this site.'}
        </EmptyState>
      ) : data ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {data.equipments.map((unit) => (
              <UnitCard key={unit.id} unit={unit} />
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Group justify="center">
              <Pager total={pages} value={page} onChange={setPage} size="md" siblings={0} />
            </Group>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

function HistorySection({ siteId }: { siteId: number }) {
  const [page, setPage] = useState(1);
  const query = usePortalInspections({ siteId, page, limit: HISTORY_PAGE_SIZE });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.pagination.total / data.pagination.limit)) : 1;
  return (
    <Stack gap="xs" component="section" aria-labelledby="history-heading">
      <Title order={2} size="h3" id="history-heading">
        Inspection history
      </Title>
      {query.isPending ? (
        <Skeleton height={160} radius="md" aria-label="Loading the inspection history" />
      ) : query.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden="true" />}
          title="Could not load the history"
        >
          {query.error.message}
        </Alert>
      ) : data && data.data.length === 0 ? (
        <EmptyState icon={IconClipboardList}>No completed inspection at this site yet.</EmptyState>
      ) : data ? (
        <>
          <Paper withBorder radius="md" bg="white" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.data.map((inspection, index) => (
              <li
                key={inspection.id}
                style={{ borderTop: index ? '1px solid var(--mantine-color-gray-2)' : undefined }}
              >
                <Anchor
                  component={Link}
                  to={portalPaths.inspection(inspection.id)}
                  underline="never"
                  c="inherit"
                  display="block"
                  p="sm"
                  data-testid="portal-history-row"
                  data-inspection-id={inspection.id}
                  data-result={inspection.result}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={700} c="brand.8">
                        {formatDay(inspection.completedAt)} · {inspection.category.name}
                      </Text>
                      <Text size="xs" c="dark.4">
                        #{inspection.id} · {plural(inspection.unitCount, 'unit')} ·{' '}
                        {inspection.inspector.name}
                        {inspection.result === 'fail'
                          ? ` · ${plural(inspection.failedItems, 'failed item')}`
                          : ''}
                      </Text>
                    </div>
                    <Group gap={6} wrap="nowrap">
                      {inspection.sealId ? (
                        <IconShieldCheck
                          size={20}
                          color="var(--mantine-color-brand-7)"
                          aria-label="Sealed report"
                          role="img"
                        />
                      ) : null}
                      <ResultBadge result={inspection.result} radius="sm" />
                    </Group>
                  </Group>
                </Anchor>
              </li>
            ))}
          </Paper>
          {pages > 1 ? (
            <Group justify="center">
              <Pager total={pages} value={page} onChange={setPage} size="md" siblings={0} />
            </Group>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/**
 * One of the client's sites: address and contact, its compliance counts, the compliance
 * certificate, its equipment (due status, last result) and its inspection history.
 */
export function SiteScreen({ siteId, extra }: { siteId: number; extra?: ReactNode }) {
  const query = usePortalSite(siteId);
  if (query.isPending)
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the site">
        <Skeleton height={32} width="60%" />
        <Skeleton height={140} radius="md" />
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
      return <PortalNotFound what="site" />;
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden="true" />}
        title="Could not load the site"
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
  const site = query.data.site;
  return (
    <Stack gap="md">
      <div>
        <BackLink to={paths.portal}>Overview</BackLink>
        <Title order={1} size="h2" mt={6} style={{ overflowWrap: 'anywhere' }}>
          {site.name}
        </Title>
        <Text size="sm" c="dark.4">
          {site.siteCode}
          {site.city ? ` · ${site.city}` : ''} · {plural(site.units.total, 'unit')}
          {site.status === 'inactive' ? ' · inactive' : ''}
        </Text>
        <Button
          component={Link}
          to={`${paths.portalRequests}?new=1&siteId=${site.id}`}
          variant="light"
          size="sm"
          mt="sm"
          leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
          data-testid="portal-request-inspection"
        >
          Request an inspection
        </Button>
      </div>
      <SiteStatus site={site} />
      <SiteFacts site={site} />
      {extra}
      <CertificatePanel siteId={site.id} />
      <EquipmentSection siteId={site.id} />
      <HistorySection siteId={site.id} />
    </Stack>
  );
}
