// The fake vendor servers the workspace's tests share (never published).
export { FAKE_KEY, hang, json, resetMidBody, sse, ssePayload, startServer } from './vendor-server.js';
export type { ReceivedRequest, Refusal, Reply, VendorServer } from './vendor-server.js';
export { lastToolResult, startFakeOpenAI } from './scripted-openai.js';
export type { FakeGate, FakeOpenAI, FakeScriptItem, FakeToolCall, FakeTurn } from './scripted-openai.js';
export { startFakeAzure } from './scripted-azure.js';
export type { FakeAzureExpectation } from './scripted-azure.js';
export { lastConverseToolResult, startFakeBedrock } from './scripted-bedrock.js';
export type { FakeBedrock } from './scripted-bedrock.js';
export { azureRefusal, azureResource } from './azure-resource.js';
export type { AzureExpectation } from './azure-resource.js';
export { bedrockRuntime, refuseSigV4, sigV4Refusal } from './bedrock-signature.js';
export type { FakeAwsCredentials, SigV4Expectation, SigV4Refusal } from './bedrock-signature.js';
export { eventStreamReply, frame } from './event-stream.js';
export { startFakeS3 } from './fake-s3.js';
export type { FakeS3, FakeS3Object, FakeS3Options } from './fake-s3.js';
