import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { buildSearchPath, SEARCH_QUERY_PARAM } from '../lib/search-path';

export const SEARCH_PLACEHOLDER = 'Search by Id, Site name, SiteId no....';

/** The header's global search: Enter with a non-blank term opens the search page. */
export function GlobalSearch() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const onSearchPage = pathname === paths.search;
  const urlTerm = onSearchPage ? (searchParams.get(SEARCH_QUERY_PARAM) ?? '') : '';
  const [value, setValue] = useState(urlTerm);

  // Refill from ?query= on the search page; start empty again when leaving it.
  useEffect(() => {
    setValue(urlTerm);
  }, [urlTerm]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = buildSearchPath(value);
    if (target) navigate(target);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not known to every supported browser (nor jsdom); role="search" is.
    <form role="search" onSubmit={submit} style={{ flex: '1 1 auto', minWidth: 0, maxWidth: 360 }}>
      <TextInput
        name="query"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        placeholder={SEARCH_PLACEHOLDER}
        aria-label="Global search"
        leftSection={<IconSearch size={17} aria-hidden="true" />}
        radius="xl"
        enterKeyHint="search"
        autoComplete="off"
      />
    </form>
  );
}
