/** Contract suites for adapters of the projection ports (import from '@modshelf/projection-service/contract'). */
export { readModelContract, sampleProject, sampleUser, type ReadModelsUnderTest } from './read-model/contract';
export { searchIndexContract, sampleDoc, type SearchUnderTest } from './search/contract';
