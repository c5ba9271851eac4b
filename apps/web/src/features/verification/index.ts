export { ReportKeySection } from './components/report-key-section';
export { VerifyScreen } from './components/verify-screen';
