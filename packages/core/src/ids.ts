import { newRecordId } from '@warden/protocol/vocabulary';

/** A fresh unique id with a readable prefix (`run_…`, `rec_…`, `apr_…`): the vocabulary's one rule. */
export const newId = newRecordId;
