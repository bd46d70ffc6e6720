import type { QueueConnection } from '@warden/fleet';
import type { ApprovalStoreV1, SessionStoreV1 } from '@warden/protocol';
import { openApprovalStore, openSessionStore } from '@warden/sessions';

type Closable<T> = T & { close?(): Promise<void> };

/** One configured session store, named by its position so URLs never carry its location (which may hold a password). */
export interface SessionSource {
  key: string;
  /** The location with any password hidden, for the page. */
  label: string;
  store: Closable<SessionStoreV1>;
}

/** What the console reads: the session stores, the durable approval store, the fleet's queue. Opened lazily, closed with the server. */
export interface ConsoleSources {
  configured: boolean;
  sessions(): Promise<SessionSource[]>;
  approvals(): Promise<Closable<ApprovalStoreV1> | undefined>;
  fleet: QueueConnection | undefined;
  close(): Promise<void>;
}

export function hidePassword(location: string): string {
  return location.replace(/:\/\/([^:@/]*):[^@/]*@/, '://$1:***@');
}

export function createConsoleSources(options: { sessions: readonly string[]; approvals?: string | undefined; fleet?: QueueConnection | undefined }): ConsoleSources {
  let sessions: Promise<SessionSource[]> | undefined;
  let approvals: Promise<Closable<ApprovalStoreV1> | undefined> | undefined;
  const approvalLocation = options.approvals ?? options.sessions[0];
  return {
    configured: options.sessions.length > 0,
    fleet: options.fleet,
    sessions: () =>
      (sessions ??= Promise.all(options.sessions.map(async (location, i) => ({ key: `s${i}`, label: hidePassword(location), store: await openSessionStore(location) })))),
    approvals: () => (approvals ??= approvalLocation === undefined ? Promise.resolve(undefined) : openApprovalStore(approvalLocation)),
    async close() {
      const opened = await Promise.allSettled([sessions ?? Promise.resolve([]), approvals ?? Promise.resolve(undefined)]);
      const [s, a] = opened;
      if (s.status === 'fulfilled') await Promise.allSettled(s.value.map(async (source) => source.store.close?.()));
      if (a.status === 'fulfilled') await a.value?.close?.();
    },
  };
}
