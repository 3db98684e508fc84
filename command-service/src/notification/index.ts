export { registerNotificationCommands, type NotificationDirectory, type NotificationCommandDeps } from './notification.routes';
