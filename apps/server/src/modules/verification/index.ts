export { verificationModule } from './verification.module.js';
export type { VerificationService } from './verification.service.js';
