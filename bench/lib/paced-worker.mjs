// The worker thread's entry: threads do not inherit tsx's loader, so it registers it, then runs
// the TypeScript worker (paced-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./paced-worker.ts');
