/** Audio as bytes with its real type (checked by magic bytes). */
export interface AudioBytes {
  bytes: Uint8Array;
  mediaType: string;
}

/** What a speech-to-text engine heard. The text is untrusted content: it is what someone said. */
export interface Transcript {
  text: string;
  engine: string;
  language?: string;
}

export interface SpeechCallOptions {
  signal?: AbortSignal;
}

/**
 * A speech engine over one vendor's HTTP API: `transcribe` (speech to text) and `speak` (text to
 * a WAV file). Failures are MediaErrors; the vendor's HTTP error is the cause.
 */
export interface SpeechEngine {
  readonly id: string;
  /** Audio types `transcribe` takes. */
  readonly accepts: readonly string[];
  transcribe(audio: AudioBytes, options?: SpeechCallOptions & { language?: string }): Promise<Transcript>;
  speak(text: string, options?: SpeechCallOptions & { voice?: string }): Promise<AudioBytes>;
}
