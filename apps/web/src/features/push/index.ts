export { BrowserPushControl } from './components/browser-push-control';
export { usePushRefresh } from './hooks/use-push-refresh';
export { disableBrowserPush } from './lib/push-registration';
