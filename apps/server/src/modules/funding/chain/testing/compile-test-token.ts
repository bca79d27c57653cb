/**
 * Compiles TestUSDT.sol with the `solc` npm package (the compiler as WebAssembly: nothing is
 * downloaded) and writes test-usdt.json (ABI and bytecode), which tests and the dev node deploy.
 * Run after editing the source: `npx tsx apps/server/src/modules/funding/chain/testing/compile-test-token.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- solc ships no types; its one call is typed below.
import solc from 'solc';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = fs.readFileSync(path.join(here, 'TestUSDT.sol'), 'utf8');
const input = {
  language: 'Solidity',
  sources: { 'TestUSDT.sol': { content: source } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { TestUSDT: ['abi', 'evm.bytecode.object'] } },
  },
};
const compiler = solc as { compile: (input: string) => string };
const output = JSON.parse(compiler.compile(JSON.stringify(input))) as {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<string, { abi: unknown; evm: { bytecode: { object: string } } }>
  >;
};
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
const contract = output.contracts['TestUSDT.sol']?.TestUSDT;
if (!contract) throw new Error('TestUSDT missing from the compiler output');
const artifact = {
  compiler: `solc ${(solc as { version(): string }).version()}`,
  abi: contract.abi,
  bytecode: `0x${contract.evm.bytecode.object}`,
};
fs.writeFileSync(path.join(here, 'test-usdt.json'), `${JSON.stringify(artifact, null, 2)}\n`);
console.log(`test-usdt.json written (${artifact.compiler})`);
