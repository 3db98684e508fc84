export { eventStoreContract, type StoreUnderTest } from './store/contract';
