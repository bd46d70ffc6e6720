// Azure OpenAI in front of the scripted model: the platform's path, api-version and key checks.
import { azureRefusal, type AzureExpectation } from './azure-resource.js';
import { startFakeOpenAI, type FakeOpenAI, type FakeScriptItem } from './scripted-openai.js';

export type FakeAzureExpectation = AzureExpectation;

/**
 * A fake Azure OpenAI resource (`azureRefusal`'s checks) whose correct requests get the scripted
 * turns. Its `url` is the resource root (`AZURE_OPENAI_ENDPOINT`).
 */
export async function startFakeAzure(expect: FakeAzureExpectation, script: FakeScriptItem[], fallback?: FakeScriptItem): Promise<FakeOpenAI> {
  const server = await startFakeOpenAI(script, fallback, (req) => azureRefusal(expect, req));
  return { ...server, url: server.url.replace(/\/v1$/, '') };
}
