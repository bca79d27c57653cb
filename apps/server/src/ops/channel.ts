import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { z } from 'zod';
import { OpsInputError, type OpsService } from '../modules/ops/ops.service.js';

/**
 * The embedded database allows one process, so while the server runs, the operator CLI talks
 * to it instead of opening the data directory: HTTP over a Unix socket in DATA_DIR (mode 0600,
 * owner only) with a random token in DATA_DIR/ops.token (0600), renewed at every start.
 */
export const OPS_SOCKET = 'ops.sock';
export const OPS_TOKEN = 'ops.token';
export const OPS_TOKEN_HEADER = 'x-ops-token';

export const adjustmentBodySchema = z.strictObject({
  direction: z.enum(['credit', 'debit']),
  username: z.string().min(1).max(64),
  amount: z.string().min(1).max(40),
  currency: z.enum(['money', 'usdt']),
  reason: z.string().max(500),
  actor: z.string().regex(/^ops:[\w.-]{1,64}$/),
});

const staffBodySchema = z.strictObject({
  username: z.string().max(64),
  role: z.string().max(32),
  actor: z.string().regex(/^ops:[\w.-]{1,64}$/),
});

export async function startOpsChannel(
  dataDir: string,
  ops: OpsService,
): Promise<{ close: () => Promise<void> }> {
  const socketPath = path.join(dataDir, OPS_SOCKET);
  const tokenPath = path.join(dataDir, OPS_TOKEN);
  const token = randomBytes(32).toString('hex');
  fs.rmSync(socketPath, { force: true });
  fs.writeFileSync(tokenPath, token, { mode: 0o600 });
  const expected = Buffer.from(token);

  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 });
  app.addHook('onRequest', async (req, reply) => {
    const given = Buffer.from(String(req.headers[OPS_TOKEN_HEADER] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).send({ error: 'bad ops token' });
    }
  });
  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof OpsInputError) return reply.code(400).send({ error: error.message });
    if (error instanceof z.ZodError)
      return reply
        .code(400)
        .send({ error: error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    return reply.code(500).send({ error: error instanceof Error ? error.message : 'failed' });
  });
  app.post('/adjust', async (req) => ops.adjust(adjustmentBodySchema.parse(req.body)));
  app.get('/reconcile', async () => ops.reconcile());
  app.get('/audit-verify', async () => ops.verifyAudit());
  app.post('/staff', async (req) => ops.createStaff(staffBodySchema.parse(req.body)));

  await app.listen({ path: socketPath });
  fs.chmodSync(socketPath, 0o600);
  return {
    close: async () => {
      await app.close();
      fs.rmSync(socketPath, { force: true });
      fs.rmSync(tokenPath, { force: true });
    },
  };
}
