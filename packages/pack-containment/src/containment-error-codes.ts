/** Every error code this package uses (pinned by a test). Codes are public API. */
export const CONTAINMENT_ERROR_CODES = Object.freeze({
  /** `runContainment` was given an option it does not accept. */
  invalidOptions: 'config.invalid',
  /** The template workspace could not be built (git missing, temp dir not writable). Thrown. */
  setupFailed: 'run.containment_setup_failed',
  /** One episode's harness threw or its run did not end; recorded on the episode, never thrown. */
  episodeFailed: 'run.containment_episode_failed',
} as const);

export type ContainmentErrorCode = (typeof CONTAINMENT_ERROR_CODES)[keyof typeof CONTAINMENT_ERROR_CODES];
