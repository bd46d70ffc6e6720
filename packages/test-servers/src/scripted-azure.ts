// Azure OpenAI in front of the scripted model: the platform's path, api-version and key checks.
import { startFakeOpenAI, type FakeOpenAI, type FakeScriptItem } from './scripted-openai.js';

export interface FakeAzureExpectation {
  deployment: string;
  apiVersion: string;
  apiKey: string;
}

/**
 * A fake Azure OpenAI resource: 404 `DeploymentNotFound` off the deployment's path, 404 for
 * another `api-version`, 401 for a wrong `api-key` or any `Authorization` header; correct requests
 * get the scripted turns. Its `url` is the resource root (`AZURE_OPENAI_ENDPOINT`).
 */
export async function startFakeAzure(expect: FakeAzureExpectation, script: FakeScriptItem[], fallback?: FakeScriptItem): Promise<FakeOpenAI> {
  const server = await startFakeOpenAI(script, fallback, (req) => {
    const url = new URL(req.url ?? '/', 'http://azure.test');
    if (url.pathname !== `/openai/deployments/${expect.deployment}/chat/completions`) return { status: 404, body: { error: { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist.' } } };
    if (url.searchParams.get('api-version') !== expect.apiVersion) return { status: 404, body: { error: { code: '404', message: 'Resource not found' } } };
    if (req.headers['api-key'] !== expect.apiKey || req.headers.authorization !== undefined) return { status: 401, body: { error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' } } };
    return undefined;
  });
  return { ...server, url: server.url.replace(/\/v1$/, '') };
}
