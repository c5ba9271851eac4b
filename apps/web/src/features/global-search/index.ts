export { CommandPalette } from './components/command-palette-shortcut';
export { GlobalSearch } from './components/global-search';
export { SearchResults } from './components/search-results';
export { SEARCH_QUERY_PARAM } from './lib/search-path';
