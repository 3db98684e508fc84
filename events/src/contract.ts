export { eventStoreContract, type StoreUnderTest } from './store/contract';
export { credentialStoreContract, type VaultUnderTest } from './credentials/contract';
