import type { Reply } from './vendor-server.js';

export interface AzureExpectation {
  deployment: string;
  apiVersion: string;
  /** The api-key header value, or the bearer token, that the fake resource accepts. */
  apiKey?: string;
  bearer?: string;
  /** The path the API lives under (default: the deployment's chat completions). */
  path?: string;
}

/**
 * A fake Azure OpenAI resource in front of `next`: it answers like Azure when the path, the
 * `api-version` or the credentials are wrong (404 DeploymentNotFound, 404 for a missing version,
 * 401 for a bad key or token) and hands correct requests to `next`.
 */
export function azureResource(expect: AzureExpectation, next: Reply): Reply {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://azure.test');
    const path = expect.path ?? `/openai/deployments/${expect.deployment}/chat/completions`;
    const fail = (status: number, code: string, message: string): void => {
      res.writeHead(status, { 'content-type': 'application/json', 'apim-request-id': 'azure-req-1' });
      res.end(JSON.stringify({ error: { code, message } }));
    };
    if (url.pathname !== path) return fail(404, 'DeploymentNotFound', 'The API deployment for this resource does not exist.');
    if (url.searchParams.get('api-version') !== expect.apiVersion) return fail(404, '404', 'Resource not found');
    const key = req.headers['api-key'];
    const auth = req.headers.authorization;
    const keyOk = expect.apiKey !== undefined && key === expect.apiKey && auth === undefined;
    const tokenOk = expect.bearer !== undefined && auth === `Bearer ${expect.bearer}` && key === undefined;
    if (!keyOk && !tokenOk) {
      return fail(401, '401', `Access denied due to invalid subscription key or wrong API endpoint (got ${String(key ?? auth)}).`);
    }
    return next(req, res);
  };
}
