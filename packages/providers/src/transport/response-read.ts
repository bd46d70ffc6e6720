import { headerValue, type HeaderBag } from './retry-after.js';
import type { ResponseBody } from './dispatch-post.js';

const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-goog-request-id', 'apim-request-id', 'x-amzn-requestid', 'cf-ray'];
const MAX_ERROR_BODY = 64 * 1024;

export function requestIdOf(headers: HeaderBag): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headerValue(headers, name);
    if (value) return value;
  }
  return undefined;
}

export async function readCapped(body: ResponseBody): Promise<string | undefined> {
  try {
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of body) {
      text += decoder.decode(chunk, { stream: true });
      if (text.length > MAX_ERROR_BODY) break;
    }
    return text.slice(0, MAX_ERROR_BODY);
  } catch {
    return undefined;
  } finally {
    body.destroy();
  }
}
