import { Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SEARCH_QUERY_PARAM, SearchResults } from '@/features/global-search';

function SearchRoute() {
  const [searchParams] = useSearchParams();
  const term = (searchParams.get(SEARCH_QUERY_PARAM) ?? '').trim();

  return (
    <>
      <PageHeader
        title="Search results"
        description={
          term ? (
            <>
              Results for{' '}
              <Text component="span" fw={650} c="dark.9" inherit data-testid="search-term">
                “{term}”
              </Text>
            </>
          ) : (
            'Search across sites, equipment, users, assignments and inspections.'
          )
        }
      />
      {term ? (
        <SearchResults term={term} />
      ) : (
        <EmptyState icon={IconSearch}>
          Type an Id, a SiteId no., a name, an asset tag, a serial number or an email in the search box above
          (or press Ctrl+K anywhere) to see matching records here.
        </EmptyState>
      )}
    </>
  );
}

export { SearchRoute as Component };
