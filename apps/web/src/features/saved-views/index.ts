export { SavedViewsMenu } from './components/saved-views-menu';
