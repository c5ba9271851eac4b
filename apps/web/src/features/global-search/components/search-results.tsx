import type { GlobalSearchGroup, GlobalSearchKind } from '@inspecta/contract';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type Icon,
  IconBuildingFactory2,
  IconClipboardCheck,
  IconListCheck,
  IconPackage,
  IconRefresh,
  IconSearchOff,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { useGlobalSearch } from '../api/get-global-search';
import { describeHits } from '../lib/describe-hit';
import { formatTotal, KIND_LABELS, showAllLink } from '../lib/result-links';
import classes from './search-results.module.css';

/** Items shown per group on the results page; "Show all" opens the rest in the list screen. */
export const RESULTS_PER_GROUP = 10;

export const KIND_ICONS: Record<GlobalSearchKind, Icon> = {
  sites: IconBuildingFactory2,
  equipment: IconTool,
  users: IconUsers,
  assignments: IconClipboardCheck,
  inspections: IconListCheck,
  products: IconPackage,
};

/** The results of /dashboard/search?query=<term>: one section per kind that matched, best first. */
export function SearchResults({ term }: { term: string }) {
  const query = useGlobalSearch({ search: term, limit_per_group: RESULTS_PER_GROUP });

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Searching" data-testid="search-loading">
        {[0, 1].map((n) => (
          <Paper key={n} withBorder bg="white" p="md">
            <Skeleton height={18} width={140} mb="md" />
            <Stack gap="sm">
              <Skeleton height={14} width="70%" />
              <Skeleton height={14} width="55%" />
              <Skeleton height={14} width="62%" />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  if (query.isError) {
    // SPEC.md 8: a failed fetch shows an empty list, no error text; the user can try again.
    return (
      <Paper withBorder bg="white" p="xl" data-testid="search-failed">
        <Stack align="center" gap="md">
          <Text c="dimmed" size="sm">
            No results to show.
          </Text>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={() => void query.refetch()}
            loading={query.isFetching}
          >
            Try again
          </Button>
        </Stack>
      </Paper>
    );
  }

  const found = query.data.groups.filter((g) => g.items.length > 0);
  if (found.length === 0) {
    return (
      <EmptyState icon={IconSearchOff} data-testid="search-empty">
        Nothing matches “{term}”. Search by an Id, a SiteId no., a site, client or user name, an asset tag, a
        serial number, an email or a phone number.
      </EmptyState>
    );
  }
  const missing = query.data.groups
    .filter((g) => g.items.length === 0)
    .map((g) => KIND_LABELS[g.kind].plural);

  return (
    <Stack gap="md" data-testid="search-results">
      {found.map((group, index) => (
        <ResultGroup
          key={group.kind}
          group={group}
          term={query.data.search}
          bestMatchFirst={index === 0 && query.data.bestMatch !== null}
        />
      ))}
      {missing.length ? (
        <Text size="sm" c="dimmed" data-testid="search-missing-kinds">
          No {listOf(missing)} match “{term}”.
        </Text>
      ) : null}
    </Stack>
  );
}

function listOf(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

function ResultGroup({
  group,
  term,
  bestMatchFirst,
}: {
  group: GlobalSearchGroup;
  term: string;
  bestMatchFirst: boolean;
}) {
  const labels = KIND_LABELS[group.kind];
  const KindIcon = KIND_ICONS[group.kind];
  const headingId = `search-${group.kind}-heading`;
  const hits = describeHits(group);
  const more = group.totalCapped || group.total > hits.length;

  return (
    <Paper
      withBorder
      bg="white"
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid={`search-group-${group.kind}`}
    >
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Group gap="xs">
          <ThemeIcon variant="light" size={30} radius="md" aria-hidden="true">
            <KindIcon size={18} />
          </ThemeIcon>
          <Title order={2} fz="h4" id={headingId}>
            {labels.title}
          </Title>
          <Badge variant="light" color="gray" c="dark.7" radius="sm" data-testid="search-group-count">
            {formatTotal(group)}
          </Badge>
        </Group>
        {more ? (
          <Anchor component={Link} to={showAllLink(group.kind, term)} size="sm" fw={600}>
            Show all {formatTotal(group)} {group.total === 1 ? labels.singular : labels.plural}
          </Anchor>
        ) : null}
      </Group>
      <ul className={classes.list}>
        {hits.map((hit, index) => {
          const best = bestMatchFirst && index === 0;
          return (
            <li
              key={hit.key}
              className={classes.row}
              data-best={best || undefined}
              data-match={hit.match}
              // The sites rows keep the test id the Site Management browser tests look for.
              data-testid={group.kind === 'sites' ? 'search-site' : `search-${group.kind}-hit`}
            >
              <div className={classes.rowText}>
                <Anchor component={Link} to={hit.href} fw={600} size="sm" className={classes.title}>
                  {hit.title}
                </Anchor>
                <Text size="xs" c="dimmed" className={classes.meta}>
                  {hit.meta}
                </Text>
              </div>
              <Group gap={6} wrap="nowrap" className={classes.badges}>
                {best ? (
                  <Badge color="teal.9" variant="filled" radius="sm" data-testid="search-best-match">
                    Best match
                  </Badge>
                ) : hit.match === 'exact' ? (
                  <Badge color="teal.9" variant="outline" radius="sm">
                    Exact
                  </Badge>
                ) : null}
                <Badge color="gray.7" variant="outline" radius="sm">
                  {hit.status}
                </Badge>
              </Group>
            </li>
          );
        })}
      </ul>
    </Paper>
  );
}
