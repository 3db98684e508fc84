/** One way to be a remote: defineRemote, its language bundles, and the one guard. */
export {
  defineRemote,
  lazyPage,
  useOwnMessages,
  WithMessages,
  type RemoteAuth,
  type RemoteDefinition,
  type RemoteRoute,
  type UserState,
} from './define-remote';
export { Guard, type GuardProps } from './Guard';
export {
  isAdmin,
  isStaff,
  STAFF_ROLES,
  teamAccess,
  verdict,
  type GuardUser,
  type Need,
  type TeamAccess,
  type TeamEntry,
  type TeamKind,
  type Verdict,
} from './access';
export { messagesLoader, type Messages, type MessagesImport, type MessagesLoader } from './messages';
