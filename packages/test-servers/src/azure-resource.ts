// Azure OpenAI's checks in front of a reply: the deployment's path, the api-version and the credentials.
import type { IncomingMessage } from 'node:http';
import type { Refusal, Reply } from './vendor-server.js';

export interface AzureExpectation {
  deployment: string;
  apiVersion: string;
  /** The api-key header value, or the bearer token, that the fake resource accepts. */
  apiKey?: string;
  bearer?: string;
  /** The path the API lives under (default: the deployment's chat completions). */
  path?: string;
}

function refusal(status: number, code: string, message: string): Refusal {
  return { status, body: { error: { code, message } }, headers: { 'apim-request-id': 'azure-req-1' } };
}

/**
 * How Azure refuses a request, or undefined when it is right: 404 `DeploymentNotFound` off the
 * path, 404 for another `api-version`, 401 for a wrong key or token (the message names what was
 * sent, as a trap: a client must not copy it into its own errors).
 */
export function azureRefusal(expect: AzureExpectation, req: IncomingMessage): Refusal | undefined {
  const url = new URL(req.url ?? '/', 'http://azure.test');
  const path = expect.path ?? `/openai/deployments/${expect.deployment}/chat/completions`;
  if (url.pathname !== path) return refusal(404, 'DeploymentNotFound', 'The API deployment for this resource does not exist.');
  if (url.searchParams.get('api-version') !== expect.apiVersion) return refusal(404, '404', 'Resource not found');
  const key = req.headers['api-key'];
  const auth = req.headers.authorization;
  const keyOk = expect.apiKey !== undefined && key === expect.apiKey && auth === undefined;
  const tokenOk = expect.bearer !== undefined && auth === `Bearer ${expect.bearer}` && key === undefined;
  if (keyOk || tokenOk) return undefined;
  return refusal(401, '401', `Access denied due to invalid subscription key or wrong API endpoint (got ${String(key ?? auth)}).`);
}

/** A fake Azure OpenAI resource in front of `next`: it refuses like Azure and hands correct requests on. */
export function azureResource(expect: AzureExpectation, next: Reply): Reply {
  return (req, res) => {
    const refused = azureRefusal(expect, req);
    if (!refused) return next(req, res);
    res.writeHead(refused.status, { 'content-type': 'application/json', ...refused.headers });
    res.end(JSON.stringify(refused.body));
  };
}
