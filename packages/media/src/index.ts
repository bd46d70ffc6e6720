// @warden/media: image generation jobs, image inspection, speech-to-text and text-to-speech over
// the vendors' HTTP APIs (through @warden/providers/transport), and governed tools for agents.
// Explicit named re-exports only: adding a name here makes it public API.
export { MEDIA_ERROR_CODES } from './media-error-codes.js';
export type { MediaErrorCode } from './media-error-codes.js';
export { MediaError } from './media-error.js';
export type { EngineContext, EngineRequest, GeneratedImage, ImageBytes, ImageEngine } from './image-engine.js';
export { openaiImages } from './engines/openai-images.js';
export { geminiImages } from './engines/gemini-images.js';
export { replicateImages, replicateProgress } from './engines/replicate-images.js';
export type { ReplicateOptions } from './engines/replicate-images.js';
export { fakeImages } from './engines/fake-images.js';
export type { FakeImagesOptions } from './engines/fake-images.js';
export type { HttpEngineOptions } from './engines/engine-options.js';
export { imageGenerator } from './image-generator.js';
export type { ImageGenerator, ImageGeneratorOptions, ImageReference, ImageRequest } from './image-generator.js';
export type { EngineAttempt, ImageJob, ImageJobState, ImageJobStatus, ProgressListener } from './image-job.js';
export { mediaBudget } from './media-budget.js';
export type { MediaBudget, MediaReservation, MediaSpendLine } from './media-budget.js';
export { inspectImage } from './inspect-image.js';
export { imageTools } from './image-tools.js';
export type { ImageToolsOptions } from './image-tools.js';
export { voiceTools } from './voice-tools.js';
export { openaiSpeech } from './speech/openai-speech.js';
export type { OpenAiSpeechOptions } from './speech/openai-speech.js';
export { deepgramSpeech } from './speech/deepgram-speech.js';
export type { DeepgramSpeechOptions } from './speech/deepgram-speech.js';
export { speechPipeline } from './speech/speech-pipeline.js';
export type { SpeechPipeline, SpeechPipelineOptions, VoiceTurn } from './speech/speech-pipeline.js';
export type { AudioBytes, SpeechCallOptions, SpeechEngine, Transcript } from './speech/speech-engine.js';
export { decodeWav, encodeWav, sineWave } from './wav.js';
export type { DecodedWav, PcmAudio } from './wav.js';
export { sniffAudio, sniffImage } from './magic-bytes.js';
export { solidPng } from './png.js';
