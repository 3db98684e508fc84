export { registerModerationCommands, type ModerationCommandDeps } from './lock.routes';
export { reviewLockDecider, isHeld, type ReviewLockState, type ReviewLockCommand } from './lock.decider';
