export { GlobalSearch, SEARCH_PLACEHOLDER } from './components/global-search';
export { buildSearchPath, SEARCH_QUERY_PARAM } from './lib/search-path';
