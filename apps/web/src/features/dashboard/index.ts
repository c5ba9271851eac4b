export { DashboardHome } from './components/dashboard-home';
