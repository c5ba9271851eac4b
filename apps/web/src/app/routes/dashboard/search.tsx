import { Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SEARCH_QUERY_PARAM } from '@/features/search';
import { SiteSearchResults } from '@/features/sites';

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
            'Search across sites, equipment and inspections.'
          )
        }
      />
      {term ? (
        <SiteSearchResults term={term} />
      ) : (
        <EmptyState icon={IconSearch}>
          Type an ID, a site name or a SiteId no. in the search box above to see matching records here.
        </EmptyState>
      )}
    </>
  );
}

export { SearchRoute as Component };
