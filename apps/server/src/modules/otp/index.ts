export { codeRejected, type IssuedCode, oneTimeCodes } from './otp.service.js';
