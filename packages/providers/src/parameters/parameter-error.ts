import { ConfigError } from '@warden/protocol';
import type { ParameterIssue } from './generation-parameters.js';

/**
 * Generation parameters a provider cannot take, found when it is built. Names every bad value at
 * once. `config.unknown_key` when a name is not a parameter (with "did you mean"), else `config.invalid`.
 */
export class ParameterError extends ConfigError {
  readonly issues: readonly ParameterIssue[];

  constructor(provider: string, issues: readonly ParameterIssue[]) {
    const unknown = issues.some((issue) => issue.message === 'is not a generation parameter');
    const text = issues.map((issue) => `${issue.parameter} ${issue.message}${issue.suggestion ? ` (did you mean "${issue.suggestion}"?)` : ''}`).join('; ');
    const guess = issues.find((issue) => issue.suggestion)?.suggestion;
    super({
      code: unknown ? 'config.unknown_key' : 'config.invalid',
      message: `${provider}: invalid generation parameters: ${text}`,
      hint: guess ? `did you mean "${guess}"?` : 'See the parameters table in the @warden/providers README; explain() shows what each provider sends.',
    });
    this.name = 'ParameterError';
    this.issues = issues;
  }
}
