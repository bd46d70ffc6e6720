/**
 * The error codes `@warden/media` throws. Codes are public API: renaming or removing one is a
 * breaking change. All are `MediaError`s; a vendor's HTTP failure is the `cause` (a ProviderError).
 */
export const MEDIA_ERROR_CODES = {
  'media.refused': 'The vendor refused the prompt (its content policy). Not retried and not sent to another engine: the agent is told why.',
  'media.engine_failed': 'Every engine failed (quota, refused key, outage, an error page): the message names each engine, its HTTP status and URL, never the key or the page.',
  'media.bad_response': 'A 2xx answer that is not what was asked for: an HTML page or text where an image or audio was expected (checked by magic bytes), or JSON without the result.',
  'media.unsupported': 'No engine can do what was asked (reference images on an engine without them, an audio format the vendor does not take).',
  'media.cancelled': 'The job was cancelled (and cancelled at the provider where it has a job).',
  'media.timeout': 'The job ran past its deadline, or `wait` ran past its timeout (the job goes on).',
  'media.budget_exceeded': 'The media budget cannot pay for this generation: the regenerate loop stops here.',
  'media.limit': 'A request over `maxCount` images, or a generator past `maxImages` in all.',
  'media.invalid_audio': 'Audio that is not a well-formed WAV (or is over the size limit), or samples that cannot be encoded.',
  'media.unknown_job': 'No job has that id in this generator.',
  'media.path_outside_workspace': 'A reference or output path leaves the workspace (after resolving symlinks).',
} as const;

export type MediaErrorCode = keyof typeof MEDIA_ERROR_CODES;
