export { useMe } from './api/get-me';
export { ForgotPassword } from './components/forgot-password';
export { LazyPhoneSignInForm } from './components/lazy-phone-sign-in-form';
export { LoginForm } from './components/login-form';
export { PasswordSignInForm, type WrongRole } from './components/password-sign-in-form';
export { signOutDevice } from './lib/sign-out';
