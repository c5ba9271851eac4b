export { CommandPalette } from './components/command-palette';
export { GlobalSearch, SEARCH_PLACEHOLDER } from './components/global-search';
export { SearchResults } from './components/search-results';
export { buildSearchPath, SEARCH_QUERY_PARAM } from './lib/search-path';
