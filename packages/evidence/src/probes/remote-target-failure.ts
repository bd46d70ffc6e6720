/** The ways a remote (http or mcp) target call fails, reported like a module entry's exception class. */
export type RemoteFailureClass = 'TargetHttpStatus' | 'TargetUnreachable' | 'TargetToolMissing' | 'TargetToolError' | 'TargetProtocolError';

/**
 * A remote target's call or hook failed before it returned data. The report names
 * `errorClass` (as it names a module function's exception class) and `detail`,
 * which holds only what Warden itself observed (an HTTP status, an MCP error
 * number), never text the target wrote.
 */
export class RemoteTargetFailure extends Error {
  constructor(
    readonly errorClass: RemoteFailureClass,
    readonly detail?: string,
  ) {
    super(detail === undefined ? errorClass : `${errorClass} (${detail})`);
    this.name = errorClass;
  }
}
