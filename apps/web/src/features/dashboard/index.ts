export { dashboardKeys, getDashboardDataQueryOptions, useDashboardData } from './api/get-dashboard-data';
export { DashboardHome } from './components/dashboard-home';
