export type { EventBus, BatchAck, BatchHandler, BusSubscription, SubscribeOptions, CheckpointStore } from './port';
export { MemoryCheckpointStore, FileCheckpointStore } from './checkpoint';
export { InProcessEventBus, type InProcessBusOptions } from './inprocess';
export { KafkaEventBus, type KafkaBusOptions } from './kafka';
export { Relay, type RelayOptions } from './relay';
