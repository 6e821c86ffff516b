// Address records (SPEC "Address blocking (HTTP)"): charges failed authentications from 100,000
// distinct addresses to one in-process AddressBudget and prints the time per charge, overall and for
// the last 10,000 (a cost that grew with the number of addresses shows there). Bounded: at most
// 1,000,000 charges. Run: npm run build && node bench/address-budget.mjs [--addresses <n>] [--per <n>]
import { AddressBudget } from '../dist/http/budget.js';

const arg = (name, def, max) => {
  const i = process.argv.indexOf(name);
  const n = i > 0 ? Math.floor(Number(process.argv[i + 1])) : def;
  return Math.max(1, Math.min(max, Number.isFinite(n) ? n : def));
};
const ADDRESSES = arg('--addresses', 100_000, 1_000_000);
const PER = arg('--per', 1, Math.floor(1_000_000 / ADDRESSES));

// SPEC defaults: 10 failures per minute, 50 distinct credentials per 10 minutes.
const budget = new AddressBudget({ failureLimit: 10, failureWindowMs: 60_000, distinctLimit: 50, distinctWindowMs: 600_000 });
// Addresses an IPv6 client can choose from one /64: every charge a new record.
const address = (i) => `2001:db8::${(i >>> 16).toString(16)}:${(i & 0xffff).toString(16)}`;
const credential = (i) => i.toString(16).padStart(64, '0');

const tail = Math.min(10_000, ADDRESSES);
let tailStart = 0;
const t0 = performance.now();
for (let i = 0; i < ADDRESSES; i++) {
  if (i === ADDRESSES - tail) tailStart = performance.now();
  for (let k = 0; k < PER; k++) budget.charge(address(i), credential(i * PER + k));
}
const t1 = performance.now();
const us = (ms, n) => `${((ms * 1000) / n).toFixed(2)} µs`;
console.log(`${ADDRESSES.toLocaleString('en')} addresses × ${PER} charge(s): ${(t1 - t0).toFixed(0)} ms in all, ${us(t1 - t0, ADDRESSES * PER)} per charge; last ${tail.toLocaleString('en')} addresses: ${us(t1 - tailStart, tail * PER)} per charge`);
console.log(`heap used: ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MiB`);
