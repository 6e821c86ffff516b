// Opens the deployment's shared state: Redis with --redis-url, else in process.
import type { Config } from '../../config/index.js';
import type { Logger } from '../../observe/log.js';
import { LocalState } from './local.js';
import type { SharedState } from './types.js';

export type { SharedState } from './types.js';

export async function openSharedState(config: Config, log: Logger): Promise<SharedState> {
  const local = new LocalState(config);
  if (!config.redisUrl) return local;
  // Loaded only when configured: a single replica never pays for the Redis client.
  const { RedisState } = await import('./redis.js');
  return RedisState.open(config, config.redisUrl, local, log);
}
