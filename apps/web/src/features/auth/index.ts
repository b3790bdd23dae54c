// The auth feature's public API (ADR 0051): accepting an invitation signs the new user in.
export { useSignIn } from './api/auth-api';
export { usePostLogin } from './api/use-post-login';
