export { settingsModule } from './settings.module.js';
