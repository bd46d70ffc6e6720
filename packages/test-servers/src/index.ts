// The fake vendor servers the workspace's tests share (never published).
export { FAKE_KEY, hang, json, resetMidBody, sse, ssePayload, startServer } from './vendor-server.js';
export type { ReceivedRequest, Reply, VendorServer } from './vendor-server.js';
export { lastToolResult, startFakeOpenAI } from './scripted-openai.js';
export type { FakeGate, FakeOpenAI, FakeScriptItem, FakeToolCall, FakeTurn } from './scripted-openai.js';
export { startFakeAzure } from './scripted-azure.js';
export type { FakeAzureExpectation } from './scripted-azure.js';
export { lastConverseToolResult, startFakeBedrock } from './scripted-bedrock.js';
export type { FakeAwsCredentials, FakeBedrock } from './scripted-bedrock.js';
