import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths, sitePaths } from '@/config/paths';
import { useSites } from '../api/get-sites';
import { SiteStatusBadge } from './site-status-badge';

const SHOWN = 10;

/** The "Sites" group of the search page: sites whose id, SiteId no., name, client or city match. */
export function SiteSearchResults({ term }: { term: string }) {
  const query = useSites({ search: term, limit: SHOWN, page: 1, sort: 'name' });
  const sites = query.data?.sites ?? [];
  const total = query.data?.pagination.total ?? 0;

  return (
    <Paper withBorder bg="white" p="md" component="section" aria-labelledby="search-sites-heading">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <IconBuildingFactory2 size={20} aria-hidden="true" />
          <Title order={2} fz="h3" id="search-sites-heading">
            Sites
          </Title>
          {query.data ? (
            <Text size="sm" c="dimmed">
              {total}
            </Text>
          ) : null}
        </Group>
        {total > SHOWN ? (
          <Anchor
            component={Link}
            to={`${paths.siteManagement}?search=${encodeURIComponent(term)}`}
            size="sm"
          >
            See all {total} in Site Management
          </Anchor>
        ) : null}
      </Group>
      {query.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={14} width="60%" />
          <Skeleton height={14} width="45%" />
        </Stack>
      ) : sites.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="search-sites-empty">
          No site matches “{term}”.
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} data-testid="search-sites">
          {sites.map((site) => (
            <Group
              component="li"
              key={site.id}
              justify="space-between"
              wrap="nowrap"
              py="xs"
              gap="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="search-site"
            >
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={sitePaths.details(site.id)} fw={600} size="sm">
                  {site.name}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  <Text span ff="monospace" inherit>
                    {site.siteCode}
                  </Text>
                  {site.city ? ` · ${site.city}` : ''}
                  {site.client ? ` · ${site.client.company ?? site.client.name}` : ''}
                </Text>
              </div>
              <SiteStatusBadge status={site.status} />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
