export { NewScheduleButton, SchedulesScreen } from './components/schedules-screen';
export { SiteSchedulesPanel } from './components/site-schedules-panel';
