/**
 * The benches' load balancer in a process of its own (tests/scale/balancer.ts), so that it does not share the load
 * generator's event loop: `tsx tests/bench/balancer-process.ts <gateway origin>...` prints `balancer: <origin>`.
 */
import { startBalancer } from '../scale/balancer';

const balancer = await startBalancer(process.argv.slice(2));
console.log(`balancer: ${balancer.origin}`);
process.once('SIGTERM', () => void balancer.close().then(() => process.exit(0)));
