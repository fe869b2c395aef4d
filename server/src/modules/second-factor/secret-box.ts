/** Authenticator secrets are sealed with the shared secret box (kernel/secret-box.ts; webhook secrets use it too). */
export { open, seal } from '../../kernel/secret-box';
