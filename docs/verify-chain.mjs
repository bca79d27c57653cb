// Re-checks a run of Ampere's tick chain and a saved, signed chain head. No dependencies.
// node verify-chain.mjs <verify answer.json> [<saved head.json> <public key, base64>]
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
const [answerFile, headFile, publicKey] = process.argv.slice(2);
const { ticks, gaps } = JSON.parse(readFileSync(answerFile, 'utf8')).data;
const hashOf = (t) =>
  createHash('sha256').update(`${t.prevHash}\n${t.symbol}\n${t.timeMs}\n${t.price}`).digest('hex');
const runs = [...ticks, ...gaps.map((g) => ({ ...g, id: g.firstId, hash: g.lastHash }))];
let prev = ticks[0]?.prevHash;
let fault = '';
for (const t of runs.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))) {
  if (t.prevHash !== prev || (t.price !== undefined && hashOf(t) !== t.hash)) {
    fault = `broken at tick ${t.id}`;
    break;
  }
  prev = t.hash;
}
if (!fault && headFile) {
  const h = JSON.parse(readFileSync(headFile, 'utf8'));
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'base64').toString('base64url') },
    format: 'jwk',
  });
  const text = `ampere-chain-head\n${h.symbol}\n${h.minuteMs}\n${h.tickId}\n${h.hash}`;
  if (!verify(null, Buffer.from(text), key, Buffer.from(h.signature, 'base64')))
    fault = 'the head is not signed by this key';
  else if (ticks.some((t) => t.id === h.tickId && t.hash !== h.hash))
    fault = `tick ${h.tickId} was rewritten after the signed head of ${h.minuteMs}`;
}
console.log(fault || `ok: ${ticks.length} ticks verified`);
process.exit(fault ? 1 : 0);
