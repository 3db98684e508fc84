export { registerThreadRoutes } from './thread.routes';
export { THREAD_COMMAND_ROUTES } from './thread.openapi';
export { threadDecider, canReadThread, type ThreadFacts, type ThreadCommand, type ThreadState } from './thread.decider';
