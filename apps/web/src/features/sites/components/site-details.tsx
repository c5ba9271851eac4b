import type { SiteDetails } from '@inspecta/contract';
import { Alert, Button, Grid, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { IconBuildingFactory2, IconClipboardCheck, IconTool, IconUserCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useSiteDetails } from '../api/get-site-details';
import { EquipmentTab } from './site-details/equipment-tab';
import { HistoryTab } from './site-details/history-tab';
import { InspectorsTab } from './site-details/inspectors-tab';
import { SiteHeader } from './site-details/site-header';
import { SiteOverview } from './site-details/site-overview';

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

/** A tab another feature adds to the site's page (its corrective actions, its schedules), composed by the app. */
export interface SiteExtraTab {
  value: string;
  label: ReactNode;
  icon: Icon;
  content: ReactNode;
}

/** The site's page: status and actions, address with a map link, client, contacts and its registers. */
export function SiteDetailsView({
  siteId,
  equipmentPanel,
  extraTabs = [],
  onAssignInspector,
}: {
  siteId: number;
  equipmentPanel?: ReactNode;
  extraTabs?: SiteExtraTab[];
  /** "Assign inspector" in the header (an active site): the app opens the assignment drawer. */
  onAssignInspector?: ((site: SiteDetails) => void) | undefined;
}) {
  const query = useSiteDetails(siteId);
  // The open tab is in the address (?tab=schedules), so a link can open it and a reload keeps it.
  const [params, setParams] = useSearchParams();
  const tabs = ['equipment', 'inspectors', 'history', ...extraTabs.map((t) => t.value)];
  const tab = tabs.includes(params.get('tab') ?? '') ? (params.get('tab') as string) : 'equipment';

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
  return (
    <>
      <SiteHeader
        site={site}
        onAssignInspector={onAssignInspector ? () => onAssignInspector(site) : undefined}
      />
      {site.status === 'draft' ? (
        <Alert color="yellow" variant="light" mb="md" title="This site is a draft">
          <Text size="sm" c="dark.8">
            It is not in use until it is saved. Continue the setup to fill in what is missing and save it.
          </Text>
        </Alert>
      ) : null}
      <SiteOverview site={site} />

      <Paper withBorder bg="white" p="md">
        <Tabs
          value={tab}
          onChange={(next) => setParams(next && next !== 'equipment' ? { tab: next } : {}, { replace: true })}
          keepMounted={false}
        >
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
            {extraTabs.map((tab) => (
              <Tabs.Tab
                key={tab.value}
                value={tab.value}
                leftSection={<tab.icon size={16} aria-hidden="true" />}
              >
                {tab.label}
              </Tabs.Tab>
            ))}
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
          {extraTabs.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value}>
              {tab.content}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </>
  );
}
