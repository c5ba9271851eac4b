export { EmailChangeSection } from './components/email-change-section';
