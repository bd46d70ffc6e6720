import { approvalNotifier, type EffectiveGovernance, type NotifySend } from '@warden/governance';
import type { ApprovalRequest, JsonObject } from '@warden/protocol';

export interface ApprovalNotifier {
  notify(request: ApprovalRequest): Promise<unknown>;
  settled(): Promise<void>;
}

/**
 * POSTs through the governed egress (`@warden/web`'s address policy and guarded request, loaded on
 * first use): only the declared webhook's own host and port are reachable — a private or loopback
 * address only because the governance file names it — the connection goes to the checked address,
 * and a redirect is not followed.
 */
export function governedSend(url: string): NotifySend {
  const target = new URL(url);
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  let policy: Promise<{ send: NotifySend }> | undefined;
  const load = async (): Promise<{ send: NotifySend }> => {
    const web = await import('@warden/web');
    const addresses = web.addressPolicy({ allowedDomains: [target.hostname], allowHosts: [`${target.protocol}//${target.hostname}:${port}`] });
    return {
      send: async ({ url: to, headers, body, timeoutMs }) => {
        const answer = await web.guardedRequest(addresses, { url: to, method: 'POST', headers, body, timeoutMs, redirect: 'manual', maxBytes: 64 * 1024 });
        return { status: answer.status };
      },
    };
  };
  return async (request) => (await (policy ??= load())).send(request);
}

/**
 * The notifier of the governance file's `approval_notify`, when there is one: signed with the
 * secret its `secret_env` names (read here, never stored), each delivery noted in the audit trail
 * (approval id, URL without query, status, attempts — never the secret or the call's arguments).
 */
export function notifierFor(policy: EffectiveGovernance, env: Readonly<Record<string, string | undefined>>, note?: (kind: string, data: JsonObject) => void): ApprovalNotifier | undefined {
  const declared = policy.approvalNotify;
  if (!declared) return undefined;
  const secret = declared.secretEnv !== undefined ? env[declared.secretEnv] : undefined;
  return approvalNotifier({
    url: declared.url,
    send: governedSend(declared.url),
    policyVersion: policy.version,
    ...(secret ? { secret } : {}),
    ...(declared.retries !== undefined ? { retries: declared.retries } : {}),
    ...(note ? { onDelivery: (delivery) => note('approval_notify', { ...delivery }) } : {}),
  });
}
