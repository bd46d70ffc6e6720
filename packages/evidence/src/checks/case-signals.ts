/** Thrown by ctx.skip(): ends the case as skipped. */
export class SkipSignal {
  constructor(readonly reason: string) {}
}

/** Thrown by ctx.fail() / ctx.requireEnv(): ends the case as failed (not errored). */
export class FailSignal {
  constructor(
    readonly message: string,
    readonly code?: string,
  ) {}
}
