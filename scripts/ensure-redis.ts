/**
 * Makes sure the multi-gateway suite (tests/scale) has a Redis server to start: `REDIS_SERVER`, else Debian's
 * redis-server, installed with apt-get when missing (scripts/debian-package.ts), as the browser is for the
 * end-to-end suites. The suite starts its own servers on free ports and never uses the service the package may
 * start on a machine with systemd.
 */
import { ensureDebianTool } from './debian-package';

ensureDebianTool({
  label: 'redis',
  packageName: 'redis-server',
  binary: '/usr/bin/redis-server',
  pathVariable: 'REDIS_SERVER',
  otherwise: 'set REDIS_SERVER to a redis-server executable',
});
