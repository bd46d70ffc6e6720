import { knowledgeError } from '../coded-errors.js';

/** Loads a store's driver, an optional peer; a missing one is a typed error naming the install. */
export async function optionalPeer<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw knowledgeError('knowledge.store_unavailable', `The store needs ${name}, which is not installed.`, `Install it: npm install ${name}`, error);
  }
}
