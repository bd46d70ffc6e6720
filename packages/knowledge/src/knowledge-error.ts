import { WardenError, type WardenErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.knowledge');

/** A knowledge base, store or embedder that cannot go on; codes start with `knowledge.`. */
export class KnowledgeError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions) {
    super(options);
    this.name = 'KnowledgeError';
  }

  static override isInstance(value: unknown): value is KnowledgeError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
