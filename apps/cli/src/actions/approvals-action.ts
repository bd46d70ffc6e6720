import { hostname } from 'node:os';
import { approvalDigest } from '@warden/protocol/policy';
import type { CommandContext } from '../cli/command.js';
import { EXIT, exitCodeForStop } from '../cli/exit-codes.js';
import type { ApprovalsOptions } from './approvals-options.js';
import { createHarness, durableFor, openApprovalStore, openSessionStore, parseStoreLocation } from '@warden/harness';
import { relativeTime } from '../render/relative-time.js';
import { summarizeArgs } from '../render/summarize.js';
import { renderTable } from '../render/table.js';
import { harnessOptionsFrom, resolveWorkdir } from './cli-harness-options.js';
import { driveRun, eventSink } from './drive-run.js';
import { resolveIdPrefix } from './id-prefix.js';
import { storedWorkspace, type SessionWorkspace } from './session-workspace.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

/** `warden approvals [list | approve ID | deny ID | resume ID]`: durable approvals parked by `warden run --park`. */
export async function approvalsAction(ctx: CommandContext<ApprovalsOptions>): Promise<number> {
  const { io, t, style, options, positionals } = ctx;
  const [verb = 'list', typed, extra] = positionals;
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden approvals');
  if (!['list', 'approve', 'deny', 'resume'].includes(verb)) throw unexpectedArgument(verb, 'warden approvals');
  if (verb !== 'list' && !typed) throw missingArgument(`warden approvals ${verb}`, 'ID');
  if (verb === 'list' && typed !== undefined) throw unexpectedArgument(typed, 'warden approvals');
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const spec = options.sessions ?? ctx.config.config.sessions;
  const location = parseStoreLocation(spec, workdir);
  // A unique prefix of an id is enough (`warden approvals approve apr_3f`).
  const id = typed === undefined ? undefined : await approvalId(location, typed);
  const by = io.env.USER ?? io.env.USERNAME ?? 'cli';

  if (verb === 'resume') {
    // The session goes on with the model it ran with (recorded by that run), unless a flag names another.
    const recorded = await recordedModelOf(location, id!);
    const base = harnessOptionsFrom(ctx, workdir);
    const model = {
      ...(recorded?.provider && !options.provider ? { provider: recorded.provider } : {}),
      ...(recorded?.model && !options.model ? { model: recorded.model } : {}),
      ...(recorded?.baseUrl && !options.baseUrl ? { baseUrl: recorded.baseUrl } : {}),
    };
    const harness = await createHarness({ ...base, ...model, ...(spec ? { sessions: spec } : {}), approver: 'durable' });
    try {
      const resolved = await harness.approvals!.resolve(id!, { claimer: `${hostname()}:${process.pid}` });
      if (resolved.status === 'pending') {
        io.stderr.write(`${t('approvals.pending', { id: id! })}\n`);
        return EXIT.approval;
      }
      if (resolved.status === 'claimed') {
        io.stderr.write(`${t('approvals.claimed', { id: id! })}\n`);
        return EXIT.error;
      }
      const { sink, flush } = eventSink(ctx);
      const sessionId = resolved.request.sessionId;
      if (!sessionId) throw missingArgument('warden approvals resume', 'a session id in the stored approval');
      // The answer names the verified call by its digest: the resume runs the session's copy only if it
      // hashes to exactly the call the approval store verified.
      const answer = { ...resolved.answer, digest: approvalDigest(resolved.call) };
      const stop = await driveRun(harness.agent.resumeStream(sessionId, { signal: ctx.signal, approvals: { [resolved.request.call.id]: answer } }), sink);
      flush();
      return exitCodeForStop(stop);
    } finally {
      await harness.close();
    }
  }

  const store = await openApprovalStore(location);
  try {
    const durable = durableFor(store, io.env.WARDEN_APPROVAL_KEY);
    if (verb === 'list') {
      const pending = await durable.pending({ limit: 100 });
      if (options.json) {
        for (const item of pending) io.stdout.write(`${JSON.stringify(item)}\n`);
        return EXIT.done;
      }
      if (pending.length === 0) {
        io.stdout.write(`${t('approvals.empty')}\n`);
        return EXIT.done;
      }
      const rows = pending.map(({ request }) => [request.id, request.call.name, summarizeArgs(request.call.name, request.call.args), relativeTime(request.createdAt, t.lang)]);
      io.stdout.write(renderTable([t('column.id'), t('column.tool'), '', t('column.created')], rows, style));
      return EXIT.done;
    }
    const stored = verb === 'approve' ? await durable.approve(id!, { by }) : await durable.deny(id!, { by });
    const outcome = stored.status === 'approved' ? t('render.approval.approved') : t('render.approval.denied');
    io.stdout.write(options.json ? `${JSON.stringify(stored)}\n` : `${t('approvals.answered', { id: id!, outcome })}\n`);
    // An approval changes nothing by itself: say what runs the call (a denial is told to the session on resume too).
    if (!options.json && stored.status === 'approved') io.stdout.write(`${style.dim(t('approvals.next', { id: id! }))}\n`);
    return EXIT.done;
  } finally {
    await store.close?.();
  }
}

/** The provider, model and base URL the approval's session recorded, if it recorded them. */
async function recordedModelOf(location: ReturnType<typeof parseStoreLocation>, id: string): Promise<SessionWorkspace | undefined> {
  const approvals = await openApprovalStore(location);
  let sessionId: string | undefined;
  try {
    sessionId = (await approvals.list({ limit: 10_000 })).find((a) => a.request.id === id)?.request.sessionId;
  } finally {
    await approvals.close?.();
  }
  if (!sessionId) return undefined;
  const sessions = await openSessionStore(location);
  try {
    return await storedWorkspace(sessions, sessionId);
  } finally {
    await sessions.close?.();
  }
}

async function approvalId(location: ReturnType<typeof parseStoreLocation>, typed: string): Promise<string> {
  const store = await openApprovalStore(location);
  try {
    const all = await store.list({ limit: 10_000 });
    return resolveIdPrefix(
      typed,
      all.map((a) => a.request.id),
      'approval',
    );
  } finally {
    await store.close?.();
  }
}
