// `@warden/sessions/testing`: the contract suites any store must pass (they need vitest) and record builders.
export { sessionStoreContract } from './session-store-contract.js';
export type { ContractOptions } from './session-store-contract.js';
export { approvalStoreContract } from './approval-store-contract.js';
export { contractRecords } from './contract-records.js';
