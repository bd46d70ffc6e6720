import type { OutgoingRequest, RequestAuthorizer } from '../transport/http-transport.js';
import type { SigV4Signer } from './aws-deps.js';

/**
 * Signs each attempt with SigV4: the request as it will go out (method, host, path, the headers
 * the transport sends, the body) goes through the signer, and the headers it adds
 * (`authorization`, `x-amz-date`, `x-amz-security-token`, `x-amz-content-sha256`) are returned.
 * Signing every attempt keeps a retry after a long wait inside the signature's validity.
 */
export function sigv4Authorizer(signer: SigV4Signer): RequestAuthorizer {
  return async (request: OutgoingRequest) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = { host: url.host };
    for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
    const query: Record<string, string> = {};
    url.searchParams.forEach((value, key) => {
      query[key] = value;
    });
    const signed = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query,
      headers,
      body: request.body,
    });
    const added: Record<string, string> = {};
    for (const [name, value] of Object.entries(signed.headers)) {
      const lower = name.toLowerCase();
      if (lower !== 'host' && headers[lower] === undefined) added[lower] = value;
    }
    return added;
  };
}
