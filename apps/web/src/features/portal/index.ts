export { AccountScreen as PortalAccountScreen } from './components/account-screen';
export { InspectionScreen as PortalInspectionScreen } from './components/inspection-screen';
export { LazyPortalSignIn } from './components/lazy-portal-sign-in';
export { OverviewScreen as PortalOverviewScreen } from './components/overview-screen';
export { PortalShell } from './components/portal-shell';
export { SiteScreen as PortalSiteScreen } from './components/site-screen';
export { UnitLabelScreen as PortalUnitLabelScreen } from './components/unit-label-screen';
