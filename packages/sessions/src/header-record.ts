import { PROTOCOL_VERSION, type HeaderRecord, type Owner } from '@warden/protocol';

/** The first record of every session, the same in every store. */
export function headerRecord(id: string, owner: Owner, title: string | undefined, at: string): HeaderRecord {
  return {
    type: 'header',
    id: `${id}:header`,
    at,
    sessionId: id,
    owner,
    protocolVersion: PROTOCOL_VERSION,
    ...(title !== undefined ? { title } : {}),
  };
}
