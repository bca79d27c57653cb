import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startChain } from './chain.js';
import { startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The server's own copy of apps/web/dist (support/server.ts). */
    webDist: string;
    /** The local EVM's JSON-RPC URL (USDT recharge is on offer in every journey). */
    chainUrl: string;
  }
}

/**
 * One local EVM and one server for the whole E2E run; each journey gets its own browser
 * context. The server is pointed at the node with CHAIN_DEV_NODE.
 */
export default async function setup(project: TestProject) {
  const chain = await startChain();
  try {
    const server = await startServer({ chainUrl: chain.url });
    project.provide('baseUrl', server.url);
    project.provide('dataDir', server.dataDir);
    project.provide('webDist', server.webDist);
    project.provide('chainUrl', chain.url);
    return async () => {
      await server.stop();
      await chain.close();
    };
  } catch (error) {
    await chain.close();
    throw error;
  }
}
