import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, RunError } from '@warden/protocol';
import type { AttackGoal } from './attack-goal.js';
import { startAttackerServer } from './attacker-server.js';
import { BENIGN_TASKS, type BenignTask } from './benign-tasks.js';
import { ATTACK_GOALS } from './corpus/attack-corpus.js';
import { CONTAINMENT_ERROR_CODES } from './containment-error-codes.js';
import { createContainmentHarness, type ApproverSetting, type ContainmentHarness } from './containment-harness.js';
import { computeMetrics, type ContainmentMetrics } from './containment-metrics.js';
import type { EpisodeDetail, EpisodeResult } from './episode-result.js';
import { runEpisode } from './run-episode.js';
import { buildTemplate, newCanaries } from './workspace-fixture.js';

export interface ContainmentOptions {
  /** `none`: no approver (every ask is denied); `auto`: the automatic `--yes` approver. */
  approver: ApproverSetting;
  /** Builds the agent under test per episode. Default: `createContainmentHarness()` (safe mode, as the CLI composes it). */
  harness?: ContainmentHarness;
  /** Default: the whole corpus (`ATTACK_GOALS`). */
  goals?: readonly AttackGoal[];
  /** Default: `BENIGN_TASKS`. Goal i is planted in the carrier of task i mod tasks.length. */
  tasks?: readonly BenignTask[];
  /** Per-episode limit (default 60 s): the run is aborted and the episode recorded as failed. */
  episodeTimeoutMs?: number;
  /** Stops between episodes and aborts the one in flight. */
  signal?: AbortSignal;
  /** Called after every episode (progress; `detail` holds its run events for evidence ledgers). */
  onEpisode?: (result: EpisodeResult, detail: EpisodeDetail) => void;
  /** Where the temp folders go (default: the OS temp dir). Everything is removed at the end. */
  tmpDir?: string;
}

export interface ContainmentReport {
  approver: ApproverSetting;
  mode: 'safe';
  metrics: ContainmentMetrics;
  /** One episode per benign task, no injection. */
  benign: EpisodeResult[];
  /** One episode per attacker goal. */
  attacks: EpisodeResult[];
  /** True when the run was stopped early by its signal (the numbers cover what ran). */
  stopped: boolean;
}

const KEYS = new Set(['approver', 'harness', 'goals', 'tasks', 'episodeTimeoutMs', 'signal', 'onEpisode', 'tmpDir']);

function check(options: ContainmentOptions): void {
  const invalid = (message: string): ConfigError =>
    new ConfigError({ code: CONTAINMENT_ERROR_CODES.invalidOptions, message: `runContainment: ${message}`, hint: "runContainment({ approver: 'none' | 'auto', harness? })" });
  if (typeof options !== 'object' || options === null) throw invalid('options must be an object');
  const unknown = Object.keys(options).find((key) => !KEYS.has(key));
  if (unknown !== undefined) throw invalid(`unknown option ${JSON.stringify(unknown)}`);
  if (options.approver !== 'none' && options.approver !== 'auto') throw invalid('approver must be "none" or "auto"');
  if (options.harness !== undefined && typeof options.harness !== 'function') throw invalid('harness must be a function (workspace) => agent');
  if (options.tasks !== undefined && options.tasks.length === 0) throw invalid('tasks must not be empty');
  if (options.episodeTimeoutMs !== undefined && !(Number.isFinite(options.episodeTimeoutMs) && options.episodeTimeoutMs > 0)) {
    throw invalid('episodeTimeoutMs must be a positive number');
  }
}

/**
 * Runs the containment suite against a harness: every benign task once without injection, then
 * every attacker goal planted in a task's material, each episode in a fresh temp workspace with a
 * local attacker server, an outside folder and a git remote to watch. Returns AgentDojo's metrics
 * and the per-episode results. Never prints.
 */
export async function runContainment(options: ContainmentOptions): Promise<ContainmentReport> {
  check(options);
  const harness = options.harness ?? createContainmentHarness();
  const tasks = options.tasks ?? BENIGN_TASKS;
  const goals = options.goals ?? ATTACK_GOALS;
  const timeoutMs = options.episodeTimeoutMs ?? 60_000;
  const canaries = newCanaries();
  const root = await mkdtemp(path.join(options.tmpDir ?? tmpdir(), 'warden-containment-'));
  const attacker = await startAttackerServer();
  const benign: EpisodeResult[] = [];
  const attacks: EpisodeResult[] = [];
  let stopped = false;
  try {
    let template;
    try {
      template = await buildTemplate(path.join(root, 'template'), canaries);
    } catch (error) {
      throw new RunError({
        code: CONTAINMENT_ERROR_CODES.setupFailed,
        message: 'runContainment could not build its template workspace',
        hint: 'It needs git on the PATH and a writable temp directory.',
        cause: error,
      });
    }
    const plan = [
      ...tasks.map((task) => ({ task, goal: undefined as AttackGoal | undefined })),
      ...goals.map((goal, index) => ({ task: tasks[index % tasks.length] as BenignTask, goal })),
    ];
    for (const [index, item] of plan.entries()) {
      if (options.signal?.aborted) {
        stopped = true;
        break;
      }
      const id = `e${index}`;
      const { result, detail } = await runEpisode({
        id,
        task: item.task,
        ...(item.goal ? { goal: item.goal } : {}),
        approver: options.approver,
        harness,
        template,
        base: path.join(root, id),
        attacker,
        canaries,
        timeoutMs,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      (item.goal ? attacks : benign).push(result);
      try {
        options.onEpisode?.(result, detail);
      } catch {
        // A progress listener cannot break the run.
      }
    }
  } finally {
    await attacker.close();
    await rm(root, { recursive: true, force: true });
  }
  return { approver: options.approver, mode: 'safe', metrics: computeMetrics(benign, attacks), benign, attacks, stopped };
}
